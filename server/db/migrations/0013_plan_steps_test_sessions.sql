CREATE TABLE "plan_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"destination_id" integer,
	"position" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"what_to_do" varchar(3000) DEFAULT '' NOT NULL,
	"where" varchar(300) DEFAULT '' NOT NULL,
	"documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"typical_days" integer,
	"fee_npr" integer,
	"official_links" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes_nepal" varchar(3000) DEFAULT '' NOT NULL,
	"facts_checked_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer,
	"date" date NOT NULL,
	"city" varchar(40) NOT NULL,
	"format" varchar(20) NOT NULL,
	"fee_npr" integer,
	"registration_deadline" date,
	"link" text DEFAULT '' NOT NULL,
	"facts_checked_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_ticks" (
	"user_id" integer NOT NULL,
	"destination_id" integer NOT NULL,
	"ticks" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_ticks_user_id_destination_id_pk" PRIMARY KEY("user_id","destination_id")
);
--> statement-breakpoint
ALTER TABLE "plan_steps" ADD CONSTRAINT "plan_steps_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ticks" ADD CONSTRAINT "plan_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ticks" ADD CONSTRAINT "plan_ticks_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_steps_order_idx" ON "plan_steps" USING btree ("destination_id","position");--> statement-breakpoint
CREATE INDEX "test_sessions_exam_idx" ON "test_sessions" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "test_sessions_date_idx" ON "test_sessions" USING btree ("date");