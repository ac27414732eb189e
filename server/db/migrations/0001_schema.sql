CREATE TABLE "blog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"excerpt" varchar(500) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"author_name" varchar(120) DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("excerpt", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "college_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"college_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"district_id" integer,
	"phone" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colleges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"logo" text,
	"cover" text,
	"about" text DEFAULT '' NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"phone" varchar(60) DEFAULT '' NOT NULL,
	"email" varchar(200) DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"districts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"study_abroad_destinations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"affiliated_universities" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"moe_certified" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("address", '')), 'B') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("address", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colleges_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "consultancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"logo" text,
	"cover" text,
	"about" text DEFAULT '' NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"phone" varchar(60) DEFAULT '' NOT NULL,
	"email" varchar(200) DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"districts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"study_abroad_destinations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"test_preparation" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"partner_universities" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"moe_certified" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"establishment_date" date,
	"priority" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("address", '')), 'B') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("address", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultancies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"university_id" integer,
	"discipline_id" integer,
	"level" varchar(20) NOT NULL,
	"duration_months" integer,
	"fee" integer,
	"currency" varchar(3) DEFAULT '' NOT NULL,
	"intakes" text[] DEFAULT '{}'::text[] NOT NULL,
	"icon" text,
	"cover_image" text,
	"about" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"country_code" varchar(2) DEFAULT '' NOT NULL,
	"country_logo" text,
	"cover_page" text,
	"about" text DEFAULT '' NOT NULL,
	"capital" varchar(120) DEFAULT '' NOT NULL,
	"currency" varchar(3) DEFAULT '' NOT NULL,
	"language" varchar(120) DEFAULT '' NOT NULL,
	"living_cost" varchar(200) DEFAULT '' NOT NULL,
	"work_rights" varchar(300) DEFAULT '' NOT NULL,
	"visa_info" text DEFAULT '' NOT NULL,
	"intakes" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("capital", '')), 'B') || setweight(to_tsvector('english', coalesce("language", '')), 'B') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("capital", '') || ' ' || coalesce("language", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destinations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disciplines_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"province" varchar(60) DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("province", '')), 'B')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("province", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "districts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"venue" varchar(300) DEFAULT '' NOT NULL,
	"online_link" text DEFAULT '' NOT NULL,
	"organizer" varchar(200) DEFAULT '' NOT NULL,
	"targeted_destinations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"related_universities" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"related_consultancies" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("venue", '')), 'B') || setweight(to_tsvector('english', coalesce("organizer", '')), 'B') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("venue", '') || ' ' || coalesce("organizer", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"full_name" varchar(200) DEFAULT '' NOT NULL,
	"type" varchar(40) NOT NULL,
	"icon" text,
	"about" text DEFAULT '' NOT NULL,
	"duration" varchar(120) DEFAULT '' NOT NULL,
	"score_range" varchar(120) DEFAULT '' NOT NULL,
	"fee" varchar(120) DEFAULT '' NOT NULL,
	"validity" varchar(120) DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("full_name", '')), 'A') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("full_name", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "featured_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"link" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("summary", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "model_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"exam_id" integer,
	"year" integer,
	"description" text DEFAULT '' NOT NULL,
	"pdf" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_questions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"excerpt" varchar(500) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"author_name" varchar(120) DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("excerpt", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" integer,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"consultancy_id" integer,
	"discount_text" varchar(120) DEFAULT '' NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"link" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"provider" varchar(200) DEFAULT '' NOT NULL,
	"destination_id" integer,
	"level" varchar(20) DEFAULT '' NOT NULL,
	"amount" varchar(200) DEFAULT '' NOT NULL,
	"deadline" date,
	"eligibility" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("provider", '')), 'B') || setweight(to_tsvector('english', coalesce("eligibility", '')), 'C') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("provider", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholarships_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "universities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"destination_id" integer,
	"city" varchar(120) DEFAULT '' NOT NULL,
	"logo" text,
	"cover" text,
	"about" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"type" varchar(20) DEFAULT 'public' NOT NULL,
	"established_year" integer,
	"world_ranking" integer,
	"tuition_min" integer,
	"tuition_max" integer,
	"currency" varchar(3) DEFAULT '' NOT NULL,
	"intakes" text[] DEFAULT '{}'::text[] NOT NULL,
	"disciplines" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("city", '')), 'B') || setweight(to_tsvector('english', coalesce("about", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("city", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "universities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(120) DEFAULT '' NOT NULL,
	"last_name" varchar(120) DEFAULT '' NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"role" varchar(20) NOT NULL,
	"consultancy_id" integer,
	"college_id" integer,
	"university_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "forum_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_once" UNIQUE("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"author_id" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("body", '')), 'C')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"url" text NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"status" varchar(40) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"consultancy_id" integer,
	"subject" varchar(250) NOT NULL,
	"message" text NOT NULL,
	"evidence" text,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultancy_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_code" varchar(32) NOT NULL,
	"consultancy_id" integer NOT NULL,
	"full_name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"destination_id" integer,
	"course_id" integer,
	"preferred_intake" varchar(60) DEFAULT '' NOT NULL,
	"education_level" varchar(120) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" varchar(40) DEFAULT 'submitted' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultancy_applications_tracking_code_unique" UNIQUE("tracking_code")
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"entity_type" varchar(20) NOT NULL,
	"entity_id" integer NOT NULL,
	"consultancy_id" integer,
	"destination_id" integer,
	"exam_id" integer,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"desktop_image_url" text,
	"mobile_image_url" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weight" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("placement", '')), 'B')) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", '') || ' ' || coalesce("placement", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modal_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"hide_study_abroad_modal" boolean DEFAULT false NOT NULL,
	"hide_full_detail_modal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pageviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"institute_type" varchar(20),
	"institute_id" integer,
	"session_id" varchar(64) NOT NULL,
	"path" varchar(500) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"browser" varchar(60) DEFAULT '' NOT NULL,
	"device" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"featured_counselling_consultancy_id" integer,
	"show_counselling_bar" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_branches" ADD CONSTRAINT "college_branches_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_branches" ADD CONSTRAINT "college_branches_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_questions" ADD CONSTRAINT "model_questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "universities" ADD CONSTRAINT "universities_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_question_id_forum_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."forum_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD CONSTRAINT "forum_questions_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_questions" ADD CONSTRAINT "forum_questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_question_id_forum_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."forum_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_consultancy_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."consultancy_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD CONSTRAINT "consultancy_applications_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD CONSTRAINT "consultancy_applications_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultancy_applications" ADD CONSTRAINT "consultancy_applications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_consultancy_id_consultancies_id_fk" FOREIGN KEY ("consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_featured_counselling_consultancy_id_consultancies_id_fk" FOREIGN KEY ("featured_counselling_consultancy_id") REFERENCES "public"."consultancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogs_category_idx" ON "blogs" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "blogs_search_trgm_idx" ON "blogs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "college_branches_college_idx" ON "college_branches" USING btree ("college_id");--> statement-breakpoint
CREATE INDEX "colleges_districts_idx" ON "colleges" USING gin ("districts");--> statement-breakpoint
CREATE INDEX "colleges_destinations_idx" ON "colleges" USING gin ("study_abroad_destinations");--> statement-breakpoint
CREATE INDEX "colleges_search_idx" ON "colleges" USING gin ("search");--> statement-breakpoint
CREATE INDEX "colleges_search_trgm_idx" ON "colleges" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consultancies_districts_idx" ON "consultancies" USING gin ("districts");--> statement-breakpoint
CREATE INDEX "consultancies_destinations_idx" ON "consultancies" USING gin ("study_abroad_destinations");--> statement-breakpoint
CREATE INDEX "consultancies_exams_idx" ON "consultancies" USING gin ("test_preparation");--> statement-breakpoint
CREATE INDEX "consultancies_order_idx" ON "consultancies" USING btree ("priority" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "consultancies_search_idx" ON "consultancies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "consultancies_search_trgm_idx" ON "consultancies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_university_idx" ON "courses" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "courses_discipline_idx" ON "courses" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "courses_level_idx" ON "courses" USING btree ("level");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "courses_search_trgm_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "destinations_search_idx" ON "destinations" USING gin ("search");--> statement-breakpoint
CREATE INDEX "destinations_search_trgm_idx" ON "destinations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "disciplines_search_idx" ON "disciplines" USING gin ("search");--> statement-breakpoint
CREATE INDEX "disciplines_search_trgm_idx" ON "disciplines" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "districts_search_idx" ON "districts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "districts_search_trgm_idx" ON "districts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search");--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exams_type_idx" ON "exams" USING btree ("type");--> statement-breakpoint
CREATE INDEX "exams_search_idx" ON "exams" USING gin ("search");--> statement-breakpoint
CREATE INDEX "exams_search_trgm_idx" ON "exams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "featured_pages_search_idx" ON "featured_pages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "featured_pages_search_trgm_idx" ON "featured_pages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "model_questions_exam_idx" ON "model_questions" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "model_questions_search_idx" ON "model_questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "model_questions_search_trgm_idx" ON "model_questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin ("search");--> statement-breakpoint
CREATE INDEX "news_search_trgm_idx" ON "news" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_consultancy_idx" ON "offers" USING btree ("consultancy_id");--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "offers_search_trgm_idx" ON "offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scholarships_destination_idx" ON "scholarships" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "scholarships_deadline_idx" ON "scholarships" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "scholarships_search_idx" ON "scholarships" USING gin ("search");--> statement-breakpoint
CREATE INDEX "scholarships_search_trgm_idx" ON "scholarships" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "universities_destination_idx" ON "universities" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "universities_disciplines_idx" ON "universities" USING gin ("disciplines");--> statement-breakpoint
CREATE INDEX "universities_ranking_idx" ON "universities" USING btree ("world_ranking");--> statement-breakpoint
CREATE INDEX "universities_search_idx" ON "universities" USING gin ("search");--> statement-breakpoint
CREATE INDEX "universities_search_trgm_idx" ON "universities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "forum_likes_created_idx" ON "forum_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "forum_questions_category_idx" ON "forum_questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "forum_questions_author_idx" ON "forum_questions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_questions_created_idx" ON "forum_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "forum_questions_search_idx" ON "forum_questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forum_questions_search_trgm_idx" ON "forum_questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_replies_question_idx" ON "forum_replies" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "application_documents_application_idx" ON "application_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_status_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_fingerprint_idx" ON "complaints" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applications_consultancy_idx" ON "consultancy_applications" USING btree ("consultancy_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_fingerprint_idx" ON "consultancy_applications" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "inquiries_entity_idx" ON "inquiries" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_consultancy_idx" ON "inquiries" USING btree ("consultancy_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_fingerprint_idx" ON "inquiries" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "ads_placement_idx" ON "ads" USING btree ("placement","active");--> statement-breakpoint
CREATE INDEX "ads_search_idx" ON "ads" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ads_search_trgm_idx" ON "ads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pageviews_institute_idx" ON "pageviews" USING btree ("institute_type","institute_id","created_at");--> statement-breakpoint
CREATE INDEX "pageviews_created_idx" ON "pageviews" USING btree ("created_at");