import { getTableColumns, sql } from 'drizzle-orm';
import { countable, entities, type EntityDeclaration, type EntityName } from '../../src/lib/contract/index.ts';
import { rowsOf, type Db } from './rows.ts';
import { tableOf } from './schema/entity-table.ts';

/**
 * The triggers that keep facet_counts and facet_pair_counts (schema/facets.ts) exact: one statement
 * trigger per table and event adds the values (and pairs of values) of the rows written and takes
 * away those of the rows replaced or deleted, in the writing transaction; a TRUNCATE forgets the
 * table's counts. Set up at every start after the migrations, like the search triggers; a table
 * whose function changed is counted again whole.
 */

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A column a facet counts: each value of a list of ids counts apart. */
interface CountedColumn {
  column: string;
  list: boolean;
}

/** Per table, the columns of the filters facets count that are the table's own (not a value computed when read, nor through another table). */
export function countedColumns(): Map<string, CountedColumn[]> {
  const byTable = new Map<string, CountedColumn[]>();
  for (const name of Object.keys(entities) as EntityName[]) {
    const decl: EntityDeclaration = entities[name];
    const columns = getTableColumns(tableOf(name));
    const counted = new Map<string, CountedColumn>();
    for (const meta of Object.values(decl.filters ?? {})) {
      if (meta.kind === 'flag' || !countable(meta)) continue;
      const col = columns[meta.column];
      if (col) counted.set(meta.column, { column: meta.column, list: col.columnType === 'PgArray' });
    }
    if (counted.size) byTable.set(decl.table, [...counted.values()]);
  }
  return byTable;
}

let countedByTable: Map<string, CountedColumn[]> | undefined;

/** Whether the triggers count `column` of `table` (facet_counts and facet_pair_counts hold its values). */
export function isCounted(table: string, column: string): boolean {
  countedByTable ??= countedColumns();
  return countedByTable.get(table)?.some((c) => c.column === column) ?? false;
}

/** Each counted value of the rows in `rows`, with `sign` (1 added, -1 taken away). */
const valuesOf = (columns: CountedColumn[], rows: string, sign: 1 | -1) =>
  columns.map(({ column, list }) =>
    list
      ? `SELECT ${literal(column)} AS column_name, v::text AS value, ${sign} AS n FROM ${rows} r, unnest(r.${ident(column)}) v`
      : `SELECT ${literal(column)} AS column_name, r.${ident(column)}::text AS value, ${sign} AS n FROM ${rows} r`,
  );

/** The statement adding the values of `added` and taking away those of `removed` (a transition table, or the whole table). */
function countStatement(table: string, columns: CountedColumn[], added: string | null, removed: string | null): string {
  const values = [...(added ? valuesOf(columns, added, 1) : []), ...(removed ? valuesOf(columns, removed, -1) : [])];
  // in a fixed order, so two writers add to the same counts in the same order and never wait for each other in a circle
  return `INSERT INTO facet_counts AS f (table_name, column_name, value, n)
    SELECT ${literal(table)}, c.column_name, c.value, sum(c.n) FROM (${values.join('\n    UNION ALL ')}) c
    GROUP BY c.column_name, c.value HAVING sum(c.n) <> 0 ORDER BY c.column_name, c.value
    ON CONFLICT (table_name, column_name, value) DO UPDATE SET n = f.n + EXCLUDED.n`;
}

/**
 * The counted values of the row `r`, as a lateral subquery. As a filter's side: each id of a list
 * once (a row with an id twice is listed once when filtered by it) and no null (no filter selects
 * it); as a facet's: as facet_counts counts them.
 */
function rowValues(columns: CountedColumn[], side: 'filter' | 'facet'): string {
  const filter = side === 'filter';
  return columns
    .map(({ column, list }) => {
      const c = `r.${ident(column)}`;
      return list
        ? `SELECT ${filter ? 'DISTINCT ' : ''}${literal(column)} AS column_name, v::text AS value FROM unnest(${c}) v${filter ? ' WHERE v IS NOT NULL' : ''}`
        : `SELECT ${literal(column)} AS column_name, ${c}::text AS value${filter ? ` WHERE ${c} IS NOT NULL` : ''}`;
    })
    .join(' UNION ALL ');
}

/** The pairs of the rows in `rows` (each filter value of a row with each facet value of another of its columns), with `sign`. */
const pairsOf = (columns: CountedColumn[], rows: string, sign: 1 | -1) =>
  `SELECT a.column_name AS filter_column, a.value AS filter_value, b.column_name, b.value, ${sign} AS n FROM ${rows} r
      CROSS JOIN LATERAL (${rowValues(columns, 'filter')}) a CROSS JOIN LATERAL (${rowValues(columns, 'facet')}) b
      WHERE a.column_name <> b.column_name`;

/** As countStatement, for facet_pair_counts. */
function pairStatement(table: string, columns: CountedColumn[], added: string | null, removed: string | null): string {
  const pairs = [...(added ? [pairsOf(columns, added, 1)] : []), ...(removed ? [pairsOf(columns, removed, -1)] : [])];
  const key = 'c.filter_column, c.filter_value, c.column_name, c.value';
  return `INSERT INTO facet_pair_counts AS f (table_name, filter_column, filter_value, column_name, value, n)
    SELECT ${literal(table)}, ${key}, sum(c.n) FROM (${pairs.join('\n    UNION ALL ')}) c
    GROUP BY ${key} HAVING sum(c.n) <> 0 ORDER BY ${key}
    ON CONFLICT (table_name, filter_column, filter_value, column_name, value) DO UPDATE SET n = f.n + EXCLUDED.n`;
}

/** The pair statement, for a table with two counted columns or more. */
const pairStatements = (table: string, columns: CountedColumn[], added: string | null, removed: string | null) =>
  columns.length > 1 ? [pairStatement(table, columns, added, removed)] : [];

/**
 * The counted columns of the rows of `rows` that are not in `minus`, as many times as they are
 * more often there: the pairs of an update that leaves the counted columns alone (a name, every
 * row's priority) then add and take away nothing, instead of some 30 pairs per row written and
 * replaced. Not for facet_counts: counting its few values per row of 100k rows took 6 s where
 * this took 10 s (load 17).
 */
function except(columns: CountedColumn[], rows: string, minus: string): string {
  const list = columns.map(({ column }) => ident(column)).join(', ');
  return `(SELECT ${list} FROM ${rows} EXCEPT ALL SELECT ${list} FROM ${minus})`;
}

function functionBody(table: string, columns: CountedColumn[]): string {
  const run = (...statements: string[]) => statements.map((s) => `${s};`).join('\n    ');
  return `
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${run(countStatement(table, columns, 'new_rows', null), ...pairStatements(table, columns, 'new_rows', null))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${run(
      countStatement(table, columns, 'new_rows', 'old_rows'),
      ...pairStatements(table, columns, except(columns, 'new_rows', 'old_rows'), except(columns, 'old_rows', 'new_rows')),
    )}
  ELSIF TG_OP = 'DELETE' THEN
    ${run(countStatement(table, columns, null, 'old_rows'), ...pairStatements(table, columns, null, 'old_rows'))}
  ELSE
    DELETE FROM facet_counts WHERE table_name = ${literal(table)};
    DELETE FROM facet_pair_counts WHERE table_name = ${literal(table)};
  END IF;
  RETURN NULL;
END
`;
}

function triggersOf(table: string): Record<string, string> {
  const t = ident(table);
  const fn = `EXECUTE FUNCTION ${ident(`${table}_facet_counts`)}()`;
  return {
    [`${table}_facet_counts_ins`]: `AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${fn}`,
    [`${table}_facet_counts_upd`]: `AFTER UPDATE ON ${t} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${fn}`,
    [`${table}_facet_counts_del`]: `AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${fn}`,
    [`${table}_facet_counts_truncate`]: `AFTER TRUNCATE ON ${t} FOR EACH STATEMENT ${fn}`,
  };
}

/** The tables whose function or triggers are not in place as their declarations say. */
async function missing(db: Db, counted: Map<string, CountedColumn[]>): Promise<string[]> {
  const functions = new Map(
    rowsOf<{ name: string; body: string }>(
      await db.execute(sql`
        SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = current_schema() AND p.proname LIKE '%\_facet\_counts'`),
    ).map((f) => [f.name, f.body]),
  );
  const triggers = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`
        SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
        WHERE n.nspname = current_schema() AND t.tgname LIKE '%\_facet\_counts\_%'`),
    ).map((t) => t.name),
  );
  return [...counted].flatMap(([table, columns]) =>
    functions.get(`${table}_facet_counts`) === functionBody(table, columns) &&
    Object.keys(triggersOf(table)).every((name) => triggers.has(name))
      ? []
      : [table],
  );
}

/**
 * Gives every table with counted facets its triggers, and counts a table whose triggers were
 * missing or different again whole, in one transaction that holds off its writers (creating a
 * trigger locks the table against writes until the commit). Returns the tables set up.
 */
export async function ensureFacetCounts(db: Db): Promise<string[]> {
  const counted = countedColumns();
  if (!(await missing(db, counted)).length) return [];
  return db.transaction(async (tx) => {
    // several API processes may start at once on one server: one of them sets up, the others see it done
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('facet_counts_triggers'))`);
    const tables = await missing(tx, counted);
    for (const table of tables) {
      const columns = counted.get(table)!;
      await tx.execute(
        sql.raw(
          `CREATE OR REPLACE FUNCTION ${ident(`${table}_facet_counts`)}() RETURNS trigger LANGUAGE plpgsql AS $fn$${functionBody(table, columns)}$fn$`,
        ),
      );
      for (const [name, rest] of Object.entries(triggersOf(table)))
        await tx.execute(sql.raw(`CREATE OR REPLACE TRIGGER ${ident(name)} ${rest}`));
      await tx.execute(sql.raw(`DELETE FROM facet_counts WHERE table_name = ${literal(table)}`));
      await tx.execute(sql.raw(`DELETE FROM facet_pair_counts WHERE table_name = ${literal(table)}`));
      for (const statement of [countStatement(table, columns, ident(table), null), ...pairStatements(table, columns, ident(table), null)])
        await tx.execute(sql.raw(statement));
    }
    return tables;
  });
}
