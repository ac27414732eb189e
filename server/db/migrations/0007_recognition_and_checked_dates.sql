ALTER TABLE "courses" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "register_name" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "register_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_code" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_status" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_checked_on" date;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD COLUMN "university_id" integer;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD CONSTRAINT "consultancy_applications_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;