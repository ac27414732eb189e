CREATE TABLE "synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" varchar(120) NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "colleges" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "consultancies" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "destinations" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "disciplines" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "districts" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "featured_pages" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "model_questions" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "scholarships" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "universities" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "forum_questions" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "consultancies" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "disciplines" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "districts" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "featured_pages" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "model_questions" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "scholarships" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "forum_questions" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "surface_words" "tsvector";--> statement-breakpoint
-- the vocabulary becomes surface words with their stems: refilled from the new `surface_words` vectors at the next start (db/search-triggers.ts)
DELETE FROM "search_words";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "stem" text NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_stem_idx" ON "search_words" USING btree ("table_name","stem");--> statement-breakpoint
-- several rows' vectors as one (a consultancy found by each of its districts' names): the search triggers use it
CREATE AGGREGATE tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');--> statement-breakpoint
-- the generic vocabulary trigger function and its triggers make way for each table's own, made from
-- its declaration at start (db/search-triggers.ts), which also reads the bodies' words
DROP FUNCTION IF EXISTS search_words_add() CASCADE;