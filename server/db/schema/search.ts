import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Every lexeme of every searchable table's `search` vector, per table: search corrects a query
 * word against this small dictionary (trigram similarity) instead of trigram-matching every row.
 * Filled by triggers on every table with a `search` column, set up at each start after the
 * migrations (db/search-triggers.ts), so a new searchable table needs no SQL of its own; words of deleted rows stay,
 * which at worst corrects a typo to a word that no longer matches anything.
 */
export const searchWords = pgTable(
  'search_words',
  {
    table_name: text('table_name').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.word] }), index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
