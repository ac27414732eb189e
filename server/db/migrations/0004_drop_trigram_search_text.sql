DROP INDEX "blogs_search_trgm_idx";--> statement-breakpoint
DROP INDEX "colleges_search_trgm_idx";--> statement-breakpoint
DROP INDEX "consultancies_search_trgm_idx";--> statement-breakpoint
DROP INDEX "courses_search_trgm_idx";--> statement-breakpoint
DROP INDEX "destinations_search_trgm_idx";--> statement-breakpoint
DROP INDEX "disciplines_search_trgm_idx";--> statement-breakpoint
DROP INDEX "districts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "events_search_trgm_idx";--> statement-breakpoint
DROP INDEX "exams_search_trgm_idx";--> statement-breakpoint
DROP INDEX "featured_pages_search_trgm_idx";--> statement-breakpoint
DROP INDEX "model_questions_search_trgm_idx";--> statement-breakpoint
DROP INDEX "news_search_trgm_idx";--> statement-breakpoint
DROP INDEX "offers_search_trgm_idx";--> statement-breakpoint
DROP INDEX "scholarships_search_trgm_idx";--> statement-breakpoint
DROP INDEX "universities_search_trgm_idx";--> statement-breakpoint
DROP INDEX "forum_questions_search_trgm_idx";--> statement-breakpoint
DROP INDEX "ads_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "blogs" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "colleges" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "consultancies" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "destinations" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "disciplines" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "districts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "exams" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "featured_pages" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "model_questions" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "scholarships" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "universities" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "forum_questions" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "ads" DROP COLUMN "search_text";