import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Every surface word (lowercased, not stemmed) of every searchable table's `surface_words` vector, with its
 * stem (as in `search`), per table: search corrects a misspelt query word to the most similar known
 * word (trigram similarity: "nrsing" → nursing) and searches its stem, instead of trigram-matching
 * every row; comparing surface words, not stems, is what makes "nrsing" near "nursing" (its stem
 * "nurs" is too short to be). Filled by triggers on every searchable table, set up at each start
 * after the migrations (db/search-triggers.ts); words of deleted rows stay, which at worst corrects
 * a typo to a word that no longer matches anything. Stop words are left out.
 */
export const searchWords = pgTable(
  'search_words',
  {
    table_name: text('table_name').notNull(),
    word: text('word').notNull(),
    stem: text('stem').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.table_name, t.word] }),
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    index('search_words_stem_idx').on(t.table_name, t.stem),
  ],
);

/**
 * How many rows of each searchable table hold each stem in `search`, kept exact by triggers in the
 * writing transaction (db/search-triggers.ts). A search for one word then knows how many rows match
 * without counting them: a word in a third of 100k consultancies took 100 to 330 ms to count.
 */
export const searchStemCounts = pgTable(
  'search_stem_counts',
  {
    table_name: text('table_name').notNull(),
    stem: text('stem').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.stem] })],
);
