/**
 * The embedded database's own thread: PGlite's WebAssembly runs every query synchronously, so on
 * the server's thread each write and each rebuild's read held up every other request, even pages
 * served from memory. Here it holds up only this thread. Loaded by Node itself (type stripping,
 * also under vitest and tsx): erasable TypeScript only, and nothing of ours but the message types.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ErrorFields, Reply, Request, Started, WorkerStart } from './pglite-protocol.ts';

const port = parentPort!;

/** What of an error crosses to the other thread: its message and PostgreSQL's fields (code, constraint, detail…). */
function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return fields;
}

/** An open transaction: its handle, and how it ends (committed or rolled back), answering when it has. */
interface Open {
  tx: Transaction;
  finish(commit: boolean): Promise<void>;
}

function serve(pg: PGlite) {
  const open = new Map<number, Open>();
  let lastTx = 0;

  /**
   * PGlite's transaction() holds its lock while its callback runs: the callback waits here for
   * the commit or rollback message, so statements not of this transaction wait, as in one thread.
   */
  function begin(): Promise<number> {
    const id = ++lastTx;
    return new Promise((opened, failed) => {
      const ended: Promise<void> = pg.transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          const finish = (commits: boolean) => {
            end(commits);
            return ended;
          };
          open.set(id, { tx, finish });
          opened(id);
        });
        if (!commit) await tx.rollback();
      });
      // before it opened (BEGIN failed); afterwards finish() answers with the failure
      ended.catch(failed);
    });
  }

  function finish(id: number, commit: boolean) {
    const transaction = open.get(id);
    if (!transaction) throw new Error('Transaction is closed');
    open.delete(id);
    return transaction.finish(commit);
  }

  function query(request: Extract<Request, { op: 'query' }>) {
    const text = (value: string) => value;
    const options = { rowMode: request.rowMode, parsers: Object.fromEntries(request.textTypes.map((type) => [type, text])) };
    if (request.tx === undefined) return pg.query(request.sql, request.params, options);
    const transaction = open.get(request.tx);
    if (!transaction) throw new Error('Transaction is closed');
    return transaction.tx.query(request.sql, request.params, options);
  }

  async function answer(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return query(request);
      case 'begin':
        return begin();
      case 'commit':
      case 'rollback':
        return finish(request.tx, request.op === 'commit');
      case 'close':
        await pg.close();
        return null;
    }
  }

  port.on('message', (request: Request) => {
    answer(request).then(
      (result) => port.postMessage({ id: request.id, result } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, error: fieldsOf(error) } satisfies Reply),
    );
  });
}

async function start() {
  const { dir } = workerData as WorkerStart;
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (error) {
    // PGlite aborts with a WebAssembly RuntimeError (and its whole minified source) on files it cannot read
    const damaged = error instanceof WebAssembly.RuntimeError || /Aborted/.test(String(error));
    port.postMessage({ ready: false, error: fieldsOf(error), damaged } satisfies Started);
    return;
  }
  serve(pg);
  port.postMessage({ ready: true } satisfies Started);
}

await start();
