CREATE TABLE "search_stem_counts" (
	"table_name" text NOT NULL,
	"stem" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_stem_counts_table_name_stem_pk" PRIMARY KEY("table_name","stem")
);
