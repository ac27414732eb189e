CREATE TABLE "shortlist_items" (
	"user_id" integer NOT NULL,
	"entity" varchar(40) NOT NULL,
	"row_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_items_user_id_entity_row_id_pk" PRIMARY KEY("user_id","entity","row_id")
);
--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_items_user_idx" ON "shortlist_items" USING btree ("user_id","created_at");