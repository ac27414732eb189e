CREATE TABLE "student_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ielts_overall" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "ielts_band_min" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pte_overall" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pte_min" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "toefl_overall" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "toefl_min" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "duolingo_overall" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "duolingo_min" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "grade_of" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "grade_min" double precision;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "grade_scale" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "study_gap_max_years" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "funds_to_show" integer;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;