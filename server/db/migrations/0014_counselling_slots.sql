CREATE TABLE "counselling_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(12) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"consultancy_id" integer NOT NULL,
	"inquiry_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(20) DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminded_24h_at" timestamp with time zone,
	"reminded_2h_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counselling_bookings_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "counselling_hours" (
	"consultancy_id" integer PRIMARY KEY NOT NULL,
	"slot_minutes" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "counselling_bookings" ADD CONSTRAINT "counselling_bookings_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_bookings" ADD CONSTRAINT "counselling_bookings_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_hours" ADD CONSTRAINT "counselling_hours_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_bookings_slot_idx" ON "counselling_bookings" USING btree ("consultancy_id","starts_at") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_bookings_inquiry_idx" ON "counselling_bookings" USING btree ("inquiry_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "counselling_bookings_due_idx" ON "counselling_bookings" USING btree ("starts_at") WHERE status = 'booked';