CREATE TABLE "document_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultancy_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"items" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_checklists_consultancy_destination_key" UNIQUE("consultancy_id","destination_id")
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"due_on" date NOT NULL,
	"state" varchar(20) DEFAULT 'requested' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "document_checklists" ADD CONSTRAINT "document_checklists_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_checklists" ADD CONSTRAINT "document_checklists_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_checklists_destination_idx" ON "document_checklists" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "document_requests_application_idx" ON "document_requests" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "document_requests_due_idx" ON "document_requests" USING btree ("due_on");--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_documents_request_idx" ON "application_documents" USING btree ("request_id");