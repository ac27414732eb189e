import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

/**
 * How many rows of a content table hold each value of a column a facet counts (a consultancy's
 * districts, a course's level), for the list without filters or search: that facet then reads a
 * few rows here instead of grouping the whole table (130 to 240 ms at 100k consultancies). Kept
 * exact by triggers in the writing statement's own transaction, set up at every start after the
 * migrations (db/facet-counts.ts). `value` is the column's value as text, null for rows without
 * one; a count that fell to 0 stays, and is not read.
 */
export const facetCounts = pgTable(
  'facet_counts',
  {
    table_name: text('table_name').notNull(),
    column_name: text('column_name').notNull(),
    value: text('value'),
    n: integer('n').notNull(),
  },
  (t) => [unique('facet_counts_value_unique').on(t.table_name, t.column_name, t.value).nullsNotDistinct()],
);

/**
 * How many rows hold each value of a counted column among the rows one filter lets through: per
 * table, the filter's column and value (a row's list of ids gives each id once), and the facet's
 * column and value, as facet_counts. A facet under exactly one filter (no search, no other filter)
 * reads a few rows here instead of grouping the filtered rows (70 to 100 ms for 20,000 to 30,000 of
 * 100k consultancies). Kept by the same triggers (db/facet-counts.ts); a column is never paired
 * with itself, since a facet is not narrowed by its own filter, and a filter never selects null.
 */
export const facetPairCounts = pgTable(
  'facet_pair_counts',
  {
    table_name: text('table_name').notNull(),
    filter_column: text('filter_column').notNull(),
    filter_value: text('filter_value').notNull(),
    column_name: text('column_name').notNull(),
    value: text('value'),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('facet_pair_counts_value_unique').on(t.table_name, t.filter_column, t.filter_value, t.column_name, t.value).nullsNotDistinct(),
  ],
);
