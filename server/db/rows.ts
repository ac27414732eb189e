import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** The database handle every module queries through: PGlite's drizzle and postgres.js's alike. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of db.execute(): PGlite answers {rows}, postgres.js an array. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
