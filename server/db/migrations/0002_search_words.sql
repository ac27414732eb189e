CREATE TABLE "search_words" (
	"table_name" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_table_name_word_pk" PRIMARY KEY("table_name","word")
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);