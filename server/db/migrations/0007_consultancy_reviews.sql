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
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_reviews" ADD CONSTRAINT "consultancy_reviews_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultancy_reviews_consultancy_idx" ON "consultancy_reviews" USING btree ("consultancy_id","created_at");--> statement-breakpoint
CREATE INDEX "consultancy_reviews_ip_idx" ON "consultancy_reviews" USING btree ("ip_hash");