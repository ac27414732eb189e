/**
 * The messages between the server's thread and the PGlite worker (server/db/pglite-worker.ts).
 * Types only: the worker loads this file under Node's type stripping.
 */

/** The worker's start: where the database lives. */
export interface WorkerStart {
  dir: string;
}

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** the types answered as PostgreSQL's text, unparsed (drizzle maps dates itself) */
      textTypes: number[];
      /** the open transaction the statement belongs to; none: after any open one */
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** An error's own plain fields (message, code, constraint, detail…): what survives the boundary. */
export type ErrorFields = Record<string, string | number | boolean>;

export type Reply = { id: number; result: unknown } | { id: number; error: ErrorFields };

/** The worker's first message: the database is open, or why not. */
export type Started = { ready: true } | { ready: false; error: ErrorFields; damaged: boolean };
