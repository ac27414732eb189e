-- who set each stage: the rows before this were the applicant's own (submitted, withdrawn) or the consultancy's
ALTER TABLE "application_status_history" ADD COLUMN "actor_role" varchar(20) NOT NULL DEFAULT 'counsellor';--> statement-breakpoint
UPDATE "application_status_history" SET "actor_role" = 'student' WHERE "status" IN ('submitted', 'withdrawn');--> statement-breakpoint
ALTER TABLE "application_status_history" ALTER COLUMN "actor_role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD COLUMN "student_answer" varchar(20);--> statement-breakpoint
ALTER TABLE "application_status_history" ADD COLUMN "student_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
-- the statuses become the stages of the journey (src/lib/contract/applications.ts); the others keep their names
UPDATE "consultancy_applications" SET "status" = CASE "status"
  WHEN 'in_review' THEN 'counselling'
  WHEN 'documents_requested' THEN 'documents'
  WHEN 'applied_to_university' THEN 'applied'
  WHEN 'offer_received' THEN 'offer_unconditional'
  ELSE "status" END;--> statement-breakpoint
UPDATE "application_status_history" SET "status" = CASE "status"
  WHEN 'in_review' THEN 'counselling'
  WHEN 'documents_requested' THEN 'documents'
  WHEN 'applied_to_university' THEN 'applied'
  WHEN 'offer_received' THEN 'offer_unconditional'
  ELSE "status" END;
