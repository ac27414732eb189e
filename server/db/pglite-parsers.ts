import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/** The types drizzle's PGlite driver reads as text and parses itself (drizzle-orm/pglite/session.js: numeric[], timestamp[], timestamptz[], interval[], date[] besides). */
const AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

/** `query` sending its options without `parsers`: the client's own table reads those types as text. */
const withoutParsers =
  (query: PGlite['query']): PGlite['query'] =>
  (text, params, options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _parsers, ...rest } = options;
    return query(text, params, rest);
  };

/**
 * Readies a PGlite client for drizzle. Its driver passes its parsers with every query, and PGlite
 * then copies its whole table of parsers (318 entries) for each: a small select took 222 to 322 µs
 * with them against 111 to 155 µs without, on the one thread that also serves every request. So the
 * client's own table reads drizzle's types as text, set once after PGlite made its array parsers,
 * and its queries (a transaction's too) go without theirs.
 */
export function forDrizzle(client: PGlite): PGlite {
  for (const oid of AS_TEXT) client.parsers[oid] = (value: string) => value;
  client.query = withoutParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      // the transaction object itself, not a copy: its `closed` is a getter
      tx.query = withoutParsers(tx.query);
      return run(tx);
    })) as PGlite['transaction'];
  return client;
}
