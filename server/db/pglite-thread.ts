import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { ParserOptions, PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { StartupError } from '../startup.ts';
import type { ErrorFields, Reply, Request, Started, WorkerStart } from './pglite-protocol.ts';

type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
/** A request without its id (each call gets one). */
type Call = WithoutId<Request>;

const errorOf = (fields: ErrorFields) => Object.assign(new Error(String(fields.message)), fields);

/**
 * The caller's parsers run here, on values the worker left as text: functions cannot cross to
 * the worker (drizzle's keep dates as text for its own mapping).
 */
function parsed<T>(result: Results<T>, options: QueryOptions | undefined) {
  const parsers: ParserOptions = options?.parsers ?? {};
  const columns = result.fields
    .map((field, index) => ({ key: options?.rowMode === 'array' ? index : field.name, type: field.dataTypeID }))
    .filter(({ type }) => type in parsers);
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, type } of columns) if (row[key] !== null) row[key] = parsers[type]!(row[key] as string);
  }
  return result;
}

/** What drizzle-orm/pglite calls on its client, typed PGlite: PgliteThread answers these alike. */
export interface DrizzleCalls {
  query: PGlite['query'];
  transaction<T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T>;
}

/**
 * PGlite in a worker thread (server/db/pglite-worker.ts), with the part of PGlite's client that
 * drizzle-orm/pglite uses: query() and transaction(). The server's thread only sends statements
 * and reads answers; the WebAssembly runs on the worker's.
 */
export class PgliteThread implements DrizzleCalls {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  #lastId = 0;
  /** why the worker can take no more calls */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;
  /** per watched table: how it is written, the transactions open that wrote it, and how many writes of it committed */
  readonly #watched = new Map<string, { writes: RegExp; open: Set<number>; committed: number }>();

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => this.#answer(reply));
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`The embedded database's thread ended (exit code ${code}).`)));
    // idle, it keeps the process alive no more than PGlite in this thread did
    worker.unref();
  }

  /** Starts the worker and opens the database `dir` (a folder, or memory://) in it. */
  static async open(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dir } satisfies WorkerStart });
    const [started] = (await once(worker, 'message')) as [Started];
    if (started.ready) return new PgliteThread(worker);
    await worker.terminate();
    if (started.damaged) {
      throw new StartupError(
        `The embedded database in ${dir} cannot be opened: its files are damaged (often by two processes using it at once). ` +
          'Move that folder aside and start again for a fresh demo database.',
        { cause: errorOf(started.error) },
      );
    }
    throw errorOf(started.error);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options);
  }

  #query<T>(sql: string, params: unknown[] = [], options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    const textTypes = Object.keys(options?.parsers ?? {}).map(Number);
    const rowMode = options?.rowMode ?? 'object';
    const wrote = [...this.#watched.values()].filter((w) => w.writes.test(sql));
    if (tx !== undefined) for (const w of wrote) w.open.add(tx);
    const answer = this.#call({ op: 'query', sql, params, rowMode, textTypes, tx });
    if (tx === undefined && wrote.length) {
      // a statement outside a transaction commits by itself (or fails: counted too, which only costs a read)
      const count = () => wrote.forEach((w) => w.committed++);
      answer.then(count, count);
    }
    return answer.then((result) => parsed(result as Results<T>, options));
  }

  /**
   * How many transactions (and statements outside one) that wrote `table` have committed so far,
   * counted when their answer reaches this thread: what was read from `table` while the count
   * stayed the same is still current, as long as nothing but this client writes the database
   * (PGlite's folder has one owner, server/db/owner-lock.ts).
   */
  committedWrites(table: string): () => number {
    const name = table.replace(/[^\w]/g, '');
    const watched = {
      writes: new RegExp(`\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?)\\s+"?${name}"?\\b`, 'i'),
      open: new Set<number>(),
      committed: 0,
    };
    this.#watched.set(name, watched);
    return () => watched.committed;
  }

  /**
   * Runs `work` in a transaction: the worker holds PGlite's transaction open (other statements
   * wait) until `work` ends, then commits, or rolls back and throws `work`'s error.
   */
  async transaction<T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work({ query: (sql, params, options) => this.#query(sql, params, options, tx) });
    } catch (error) {
      for (const w of this.#watched.values()) w.open.delete(tx);
      await this.#call({ op: 'rollback', tx });
      throw error;
    }
    try {
      await this.#call({ op: 'commit', tx });
    } finally {
      for (const w of this.#watched.values()) if (w.open.delete(tx)) w.committed++;
    }
    return result;
  }

  /** Closes the database (PGlite syncs its files and drops its lock), then ends the thread. */
  close(): Promise<void> {
    this.#closing ??= this.#call({ op: 'close' }).then(async () => {
      this.#stopped = new Error('The embedded database is closed.');
      await this.#worker.terminate();
    });
    return this.#closing;
  }

  #call(call: Call): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#worker.postMessage({ ...call, id });
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  #answer(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in reply) pending.reject(errorOf(reply.error));
    else pending.resolve(reply.result);
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
