CREATE TABLE "consultancy_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultancy_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"district_id" integer,
	"phone" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_counselling_hours" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"slot_minutes" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "counselling_bookings_slot_idx";--> statement-breakpoint
ALTER TABLE "counselling_bookings" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "consultancy_branches" ADD CONSTRAINT "consultancy_branches_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_branches" ADD CONSTRAINT "consultancy_branches_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_counselling_hours" ADD CONSTRAINT "branch_counselling_hours_branch_id_consultancy_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."consultancy_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultancy_branches_consultancy_idx" ON "consultancy_branches" USING btree ("consultancy_id");--> statement-breakpoint
ALTER TABLE "counselling_bookings" ADD CONSTRAINT "counselling_bookings_branch_id_consultancy_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."consultancy_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_bookings_slot_idx" ON "counselling_bookings" USING btree ("consultancy_id",coalesce("branch_id", 0),"starts_at") WHERE status <> 'cancelled';