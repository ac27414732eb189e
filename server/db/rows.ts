import type { drizzle } from 'drizzle-orm/pglite';
import type * as schema from './schema/index.ts';

/** The database handle every module queries through (PGlite's and postgres.js's drizzle are used alike). */
export type Db = ReturnType<typeof drizzle<typeof schema>>;

/** The rows of db.execute(): PGlite answers {rows}, postgres.js an array. */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
