import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/db/index.ts';
import { PgliteThread } from '../../server/db/pglite-thread.ts';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';

/**
 * The embedded PGlite runs in a worker thread (server/db/pglite-thread.ts): the server's event
 * loop stays free while it works, and the database behaves as it did on the server's thread.
 */
describe('PGlite in its own thread', () => {
  let database: Database;
  const tempDirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    tempDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.db.execute(sql`create table counted (n int)`);
    await database.db.execute(sql`create table unique_names (name text unique)`);
  });
  afterAll(async () => {
    await database.close();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the event loop free while a long query runs', async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 2);
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 1000000)`);
    const took = performance.now() - started;
    clearInterval(ticks);
    // on the server's thread the longest gap was the query itself
    expect(took).toBeGreaterThan(150);
    expect(longestGap).toBeLessThan(took / 3);
  });

  it("runs a transaction's statements together: another caller sees only the committed state", async () => {
    let outside: Promise<unknown> | undefined;
    const order: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counted values (1)`);
      outside = database.db.execute(sql`select count(*)::int as n from counted`).then((result) => {
        order.push('outside');
        return rowsOf<{ n: number }>(result)[0]!.n;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into counted values (2)`);
      order.push('transaction');
    });
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('rolls a transaction back when its work throws, and passes the error on', async () => {
    const failure = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counted values (3)`);
      throw new Error('changed my mind');
    });
    await expect(failure).rejects.toThrow('changed my mind');
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from counted where n = 3`));
    expect(row!.n).toBe(0);
  });

  it("keeps PostgreSQL's error fields (code, constraint, detail) across the thread", async () => {
    await database.db.execute(sql`insert into unique_names values ('ada')`);
    const error = await database.db.execute(sql`insert into unique_names values ('ada')`).catch((e: unknown) => e);
    expect((error as Error).cause).toMatchObject({
      code: '23505',
      constraint: 'unique_names_name_key',
      detail: 'Key (name)=(ada) already exists.',
      message: expect.stringContaining('duplicate key'),
    });
  });

  it('answers dates as text for drizzle to map, and other values parsed', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`select '2026-01-02 03:04:05+00'::timestamptz as at, '{"a":1}'::jsonb as doc, 7::int as n`),
    );
    expect(row).toEqual({ at: '2026-01-02 03:04:05+00', doc: { a: 1 }, n: 7 });
  });

  it('closes cleanly: the folder opens again with what was written', async () => {
    const dir = path.join(tempDir(), 'pg');
    const first = await PgliteThread.open(dir);
    await first.query('create table kept (word text)');
    await first.query("insert into kept values ('still here')");
    await first.close();
    const second = await PgliteThread.open(dir);
    const { rows } = await second.query('select word from kept');
    await second.close();
    expect(rows).toEqual([{ word: 'still here' }]);
  });

  it("reports PGlite's failure to start", async () => {
    const dir = path.join(tempDir(), 'pg');
    fs.mkdirSync(path.join(dir, 'global'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(dir, 'global', 'pg_control'), 'not a control file');
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow('PGlite failed to initialize properly');
  });

  it('does not keep a process alive when idle, as PGlite on the main thread did not', async () => {
    const script = path.join(tempDir(), 'query-and-leave.mts');
    fs.writeFileSync(
      script,
      [
        `import { PgliteThread } from ${JSON.stringify(path.join(PROJECT_ROOT, 'server/db/pglite-thread.ts'))};`,
        "const client = await PgliteThread.open('memory://');",
        "await client.query('select 1');",
        "console.log('queried');",
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: PROJECT_ROOT });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const stuck = setTimeout(() => child.kill(), 80_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(stuck);
    expect(output).toContain('queried');
    expect(code).toBe(0);
  }, 90_000);
});
