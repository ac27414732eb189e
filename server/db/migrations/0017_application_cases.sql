CREATE TABLE "application_agreements" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_message_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"author" varchar(20) NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"purpose" varchar(200) NOT NULL,
	"amount_npr" integer NOT NULL,
	"receipt_number" varchar(60) DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"state" varchar(20) DEFAULT 'recorded' NOT NULL,
	"dispute_reason" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_payments_amount_positive" CHECK ("application_payments"."amount_npr" > 0)
);
--> statement-breakpoint
ALTER TABLE "application_agreements" ADD CONSTRAINT "application_agreements_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_agreements" ADD CONSTRAINT "application_agreements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_message_files" ADD CONSTRAINT "application_message_files_message_id_application_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."application_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_messages" ADD CONSTRAINT "application_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_payments" ADD CONSTRAINT "application_payments_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_payments" ADD CONSTRAINT "application_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_message_files_message_idx" ON "application_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "application_messages_application_idx" ON "application_messages" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_payments_application_idx" ON "application_payments" USING btree ("application_id","paid_on");--> statement-breakpoint
CREATE INDEX "application_payments_flagged_idx" ON "application_payments" USING btree ("created_at") WHERE "application_payments"."receipt_number" = '' OR "application_payments"."state" = 'disputed';