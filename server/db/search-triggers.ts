import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './rows.ts';
import { searchSources, type SearchSource } from './schema/columns.ts';

/**
 * The triggers that keep every searchable table's `search` and `surface_words` vectors and the search_words
 * vocabulary current, made from the tables' sources (searchColumns: a declaration's `search` and its
 * `foundBy` refs) and set up at every start after the migrations:
 * - `<table>_search_fill`, before each row is inserted or updated: its vectors, from its own columns
 *   and the names and places (weights A and B) of the rows it is found by, which hold their own
 *   found-by words in turn (course → university → destination);
 * - `<table>_search_refresh`, after an update of a table others are found by: the rows that refer
 *   to a row whose names or places changed are computed again (a renamed university's courses);
 * - `<table>_search_words_ins`/`_upd`: the surface words of written rows and their stems go into
 *   search_words, per statement, so a bulk insert adds them once;
 * - `<table>_search_counts_*`: each stem's count of rows in search_stem_counts, the rows written added
 *   and those replaced or deleted taken away, per statement; a TRUNCATE forgets the table's counts.
 * Rows written by any path (the API, the seed, a test's INSERT) are right.
 */

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The text of a source's column in the row `row` (a list of words as one text), a letter-hyphen-digit
 * name joined ("F-1" → "F1", which the parser would split into "f" and "-1"), as queryWords joins it.
 */
const textOf = (source: SearchSource, row: string, column: string) =>
  `regexp_replace(${
    source.lists?.includes(column) ? `array_to_string(${row}.${ident(column)}, ' ')` : `coalesce(${row}.${ident(column)}::text, '')`
  }, '([[:alpha:]])-([[:digit:]])', '\\1\\2', 'g')`;

/**
 * One of a row's vectors: stems (english) of every weight in `search`; surface words (simple) of the
 * names and places only (A, B and the found-by words) in `surface_words`, which is stored in every
 * row and so is kept small: the bodies' surface words go into the vocabulary without it.
 */
function vector(source: SearchSource, vectorName: 'search' | 'surface_words'): string {
  const config = vectorName === 'search' ? 'english' : 'simple';
  const own = (weight: 'A' | 'B' | 'C') =>
    (source.weights[weight] ?? []).map((c) => `setweight(to_tsvector('${config}', ${textOf(source, 'NEW', c)}), '${weight}')`);
  // what finds the referred row at A and B, here at B; before the bodies (C), so a longer body does not move them
  const refs = (source.foundBy ?? []).map(({ column, table, many }) =>
    many
      ? `coalesce((SELECT setweight(ts_filter(tsvector_agg(r.${vectorName}), '{a,b}'), 'B') FROM ${ident(table)} r WHERE r.id = ANY(NEW.${ident(column)})), '')`
      : `coalesce((SELECT setweight(ts_filter(r.${vectorName}, '{a,b}'), 'B') FROM ${ident(table)} r WHERE r.id = NEW.${ident(column)}), '')`,
  );
  return [...own('A'), ...own('B'), ...refs, ...(vectorName === 'search' ? own('C') : [])].join('\n    || ');
}

/**
 * The statement adding the surface words of `rows` (the trigger's new rows, or a whole table) and
 * their stems to search_words: its names and places from `surface_words`, its bodies' from their
 * text. Stop words have no stem and are left out.
 */
function vocabularyInsert(table: string, source: SearchSource, rows: string): string {
  const bodies = (source.weights.C ?? []).map((c) => `to_tsvector('simple', ${textOf(source, 'r', c)})`);
  const words = ['r.surface_words', ...bodies].join(' || ');
  return `INSERT INTO search_words (table_name, word, stem)
  SELECT '${table}', d.w, st.s
  FROM (SELECT DISTINCT w FROM ${rows} r, unnest(tsvector_to_array(${words})) AS w) d,
    LATERAL (SELECT (tsvector_to_array(to_tsvector('english', d.w)))[1] AS s) st
  WHERE st.s IS NOT NULL
  ON CONFLICT DO NOTHING`;
}

/**
 * The statement adding to search_stem_counts the stems of `added` and taking away those of `removed`
 * (transition tables, or the whole table). In stem order, so two writers add to the same counts in
 * the same order and never wait for each other in a circle.
 */
function stemCountStatement(table: string, added: string | null, removed: string | null): string {
  const stems = (rows: string, sign: 1 | -1) => `SELECT s AS stem, ${sign} AS n FROM ${rows} r, unnest(tsvector_to_array(r.search)) s`;
  const parts = [...(added ? [stems(added, 1)] : []), ...(removed ? [stems(removed, -1)] : [])];
  return `INSERT INTO search_stem_counts AS c (table_name, stem, n)
    SELECT '${table}', d.stem, sum(d.n) FROM (${parts.join('\n    UNION ALL ')}) d
    GROUP BY d.stem HAVING sum(d.n) <> 0 ORDER BY d.stem
    ON CONFLICT (table_name, stem) DO UPDATE SET n = c.n + EXCLUDED.n`;
}

/** The statement forgetting a table's stem counts (a TRUNCATE, or before counting the whole table again). */
const forgetStemCounts = (table: string) => `DELETE FROM search_stem_counts WHERE table_name = '${table}'`;

/** The vectors of `rows` that are not in `minus`: an update that leaves a row's vector alone counts nothing. */
const changedVectors = (rows: string, minus: string) => `(SELECT search FROM ${rows} EXCEPT ALL SELECT search FROM ${minus})`;

const countsBody = (table: string) => `
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${stemCountStatement(table, 'new_rows', null)};
  ELSIF TG_OP = 'UPDATE' THEN
    ${stemCountStatement(table, changedVectors('new_rows', 'old_rows'), changedVectors('old_rows', 'new_rows'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${stemCountStatement(table, null, 'old_rows')};
  ELSE
    ${forgetStemCounts(table)};
  END IF;
  RETURN NULL;
END
`;

const fillBody = (source: SearchSource) => `
BEGIN
  NEW.search := ${vector(source, 'search')};
  NEW.surface_words := ${vector(source, 'surface_words')};
  RETURN NEW;
END
`;

/** The tables whose rows are found by rows of `table`, and the columns that refer to them. */
function dependentsOf(table: string): { table: string; column: string; many: boolean }[] {
  return [...searchSources].flatMap(([dependent, source]) =>
    (source.foundBy ?? []).filter((r) => r.table === table).map((r) => ({ table: dependent, column: r.column, many: r.many })),
  );
}

const refreshBody = (table: string) => {
  const changed = `SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE ts_filter(n.surface_words, '{a,b}') IS DISTINCT FROM ts_filter(o.surface_words, '{a,b}')
       OR ts_filter(n.search, '{a,b}') IS DISTINCT FROM ts_filter(o.search, '{a,b}')`;
  // setting search makes the dependent's fill trigger compute both vectors again
  const updates = dependentsOf(table).map(({ table: dependent, column, many }) =>
    many
      ? `  UPDATE ${ident(dependent)} SET search = NULL WHERE ${ident(column)} && ARRAY(${changed});`
      : `  UPDATE ${ident(dependent)} SET search = NULL WHERE ${ident(column)} IN (${changed});`,
  );
  // while the start computes whole tables again, each after the tables it is found by, this has nothing to add
  return `
BEGIN
  IF current_setting('search_triggers.setup', true) = 'on' THEN
    RETURN NULL;
  END IF;
${updates.join('\n')}
  RETURN NULL;
END
`;
};

/** What one table needs: its functions (name → body) and its triggers (name → statement). */
function setupOf(table: string, source: SearchSource): { functions: Record<string, string>; triggers: Record<string, string> } {
  const t = ident(table);
  const vocabulary = ident(`${table}_search_words`);
  const functions: Record<string, string> = {
    [`${table}_search_fill`]: fillBody(source),
    [`${table}_search_words`]: `\nBEGIN\n  ${vocabularyInsert(table, source, 'new_rows')};\n  RETURN NULL;\nEND\n`,
    [`${table}_search_counts`]: countsBody(table),
  };
  const counts = `EXECUTE FUNCTION ${ident(`${table}_search_counts`)}()`;
  const triggers: Record<string, string> = {
    [`${table}_search_fill`]: `BEFORE INSERT OR UPDATE ON ${t} FOR EACH ROW EXECUTE FUNCTION ${ident(`${table}_search_fill`)}()`,
    [`${table}_search_words_ins`]: `AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${vocabulary}()`,
    [`${table}_search_words_upd`]: `AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${vocabulary}()`,
    [`${table}_search_counts_ins`]: `AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${counts}`,
    [`${table}_search_counts_upd`]: `AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${counts}`,
    [`${table}_search_counts_del`]: `AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${counts}`,
    [`${table}_search_counts_truncate`]: `AFTER TRUNCATE ON ${t} FOR EACH STATEMENT ${counts}`,
  };
  if (dependentsOf(table).length) {
    functions[`${table}_search_refresh`] = refreshBody(table);
    triggers[`${table}_search_refresh`] =
      `AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${ident(`${table}_search_refresh`)}()`;
  }
  return { functions, triggers };
}

/** The searchable tables, each after the tables its rows are found by (they are computed first). */
export function searchTables(): string[] {
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table) || !searchSources.has(table)) return;
    for (const r of searchSources.get(table)!.foundBy ?? []) if (r.table !== table) visit(r.table);
    ordered.push(table);
  };
  for (const table of searchSources.keys()) visit(table);
  return ordered;
}

interface Installed {
  functions: Map<string, string>;
  triggers: Set<string>;
}

async function installed(db: Db): Promise<Installed> {
  const functions = rowsOf<{ name: string; body: string }>(
    await db.execute(sql`
      SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname ~ '_search_(fill|refresh|words|counts)$'`),
  );
  const triggers = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE n.nspname = current_schema() AND t.tgname LIKE '%\_search\_%'`),
  );
  return { functions: new Map(functions.map((f) => [f.name, f.body])), triggers: new Set(triggers.map((t) => t.name)) };
}

/** Each searchable table, whether its triggers are in place as its source says, and whether its vectors must be computed again. */
export async function searchTriggerState(db: Db): Promise<{ table: string; ready: boolean; stale: boolean }[]> {
  const have = await installed(db);
  return searchTables().map((table) => {
    const { functions, triggers } = setupOf(table, searchSources.get(table)!);
    const fill = `${table}_search_fill`;
    const stale = have.functions.get(fill) !== functions[fill] || !have.triggers.has(fill);
    const ready =
      Object.entries(functions).every(([name, body]) => have.functions.get(name) === body) &&
      Object.keys(triggers).every((name) => have.triggers.has(name));
    return { table, ready, stale };
  });
}

/**
 * Gives every searchable table its triggers as its source says, once: run after the migrations at
 * every start, so a new searchable table or a changed declaration needs no hand-written migration.
 * Does nothing (two catalogue queries) when all are in place. A table whose vectors were made
 * another way is computed again, the tables it is found by first; every table set up gets its
 * words into search_words and its stems counted again whole. Returns the tables it set up.
 */
export async function ensureSearchTriggers(db: Db): Promise<string[]> {
  if ((await searchTriggerState(db)).every((t) => t.ready)) return [];
  return db.transaction(async (tx) => {
    // several API processes may start at once on one server: one of them sets up, the others see it done
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('search_words_triggers'))`);
    const missing = (await searchTriggerState(tx)).filter((t) => !t.ready);
    for (const { table } of missing) {
      const { functions, triggers } = setupOf(table, searchSources.get(table)!);
      for (const [name, body] of Object.entries(functions))
        await tx.execute(sql.raw(`CREATE OR REPLACE FUNCTION ${ident(name)}() RETURNS trigger LANGUAGE plpgsql AS $fn$${body}$fn$`));
      for (const [name, rest] of Object.entries(triggers)) await tx.execute(sql.raw(`CREATE OR REPLACE TRIGGER ${ident(name)} ${rest}`));
    }
    // a table computed again, and every table found by its rows, each once, in order
    const recompute = new Set(missing.filter((t) => t.stale).map((t) => t.table));
    for (const table of searchTables()) if (recompute.has(table)) for (const d of dependentsOf(table)) recompute.add(d.table);
    await tx.execute(sql`SELECT set_config('search_triggers.setup', 'on', true)`);
    for (const table of searchTables()) if (recompute.has(table)) await tx.execute(sql.raw(`UPDATE ${ident(table)} SET search = NULL`));
    await tx.execute(sql`SELECT set_config('search_triggers.setup', 'off', true)`);
    for (const { table } of missing) {
      await tx.execute(sql.raw(vocabularyInsert(table, searchSources.get(table)!, ident(table))));
      await tx.execute(sql.raw(forgetStemCounts(table)));
      await tx.execute(sql.raw(stemCountStatement(table, ident(table), null)));
    }
    return missing.map((t) => t.table);
  });
}
