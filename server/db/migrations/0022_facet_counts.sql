CREATE TABLE "facet_counts" (
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"value" text,
	"n" integer NOT NULL,
	CONSTRAINT "facet_counts_value_unique" UNIQUE NULLS NOT DISTINCT("table_name","column_name","value")
);
