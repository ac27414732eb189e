CREATE TABLE "facet_pair_counts" (
	"table_name" text NOT NULL,
	"filter_column" text NOT NULL,
	"filter_value" text NOT NULL,
	"column_name" text NOT NULL,
	"value" text,
	"n" integer NOT NULL,
	CONSTRAINT "facet_pair_counts_value_unique" UNIQUE NULLS NOT DISTINCT("table_name","filter_column","filter_value","column_name","value")
);
