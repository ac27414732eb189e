CREATE TABLE "deadline_reminder_opt_ins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "deadline_reminder_opt_ins" ADD CONSTRAINT "deadline_reminder_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;