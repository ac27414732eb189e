CREATE TABLE "complaint_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"author" varchar(20) NOT NULL,
	"author_id" integer,
	"status" varchar(20),
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultancy_licence_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(260) DEFAULT '' NOT NULL,
	"actor_role" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultancy_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultancy_id" integer NOT NULL,
	"permission_number" varchar(60) NOT NULL,
	"issuing_office" varchar(200) NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"association" varchar(200) DEFAULT '' NOT NULL,
	"association_number" varchar(60) DEFAULT '' NOT NULL,
	"document_key" text NOT NULL,
	"document_name" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultancy_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"consultancy_id" integer NOT NULL,
	"honesty" smallint NOT NULL,
	"responsiveness" smallint NOT NULL,
	"visa_guidance" smallint NOT NULL,
	"text" text NOT NULL,
	"ip_hash" varchar(64),
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"removed_reason" text,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultancy_reviews_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "consultancy_reviews_ratings" CHECK ("consultancy_reviews"."honesty" between 1 and 5 and "consultancy_reviews"."responsiveness" between 1 and 5 and "consultancy_reviews"."visa_guidance" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "register_name" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "register_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_code" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_status" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "register_checked_on" date;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "facts_checked_on" date;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reference" varchar(12);--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "code_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "answer_due_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "first_answer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD COLUMN "university_id" integer;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_licence_history" ADD CONSTRAINT "consultancy_licence_history_licence_id_consultancy_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."consultancy_licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_licence_history" ADD CONSTRAINT "consultancy_licence_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_licences" ADD CONSTRAINT "consultancy_licences_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_events_complaint_idx" ON "complaint_events" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "licence_history_licence_idx" ON "consultancy_licence_history" USING btree ("licence_id","created_at");--> statement-breakpoint
CREATE INDEX "licences_consultancy_idx" ON "consultancy_licences" USING btree ("consultancy_id","status","expires_on");--> statement-breakpoint
CREATE INDEX "licences_status_idx" ON "consultancy_licences" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "consultancy_reviews_consultancy_idx" ON "consultancy_reviews" USING btree ("consultancy_id","created_at");--> statement-breakpoint
CREATE INDEX "consultancy_reviews_ip_idx" ON "consultancy_reviews" USING btree ("ip_hash");--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD CONSTRAINT "consultancy_applications_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_consultancy_idx" ON "complaints" USING btree ("consultancy_id","created_at");--> statement-breakpoint
ALTER TABLE "consultancies" DROP COLUMN "moe_certified";--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reference_unique" UNIQUE("reference");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_code_hash_unique" UNIQUE("code_hash");