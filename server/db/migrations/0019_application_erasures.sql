CREATE TABLE "application_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer,
	"consultancy_id" integer,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files_removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_erasures" ADD CONSTRAINT "application_erasures_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_erasures" ADD CONSTRAINT "application_erasures_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_erasures_created_idx" ON "application_erasures" USING btree ("created_at");