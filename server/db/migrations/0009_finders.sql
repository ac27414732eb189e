ALTER TABLE "scholarships" ADD COLUMN "amount_value" integer;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "amount_currency" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "discipline_id" integer;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE set null ON UPDATE no action;