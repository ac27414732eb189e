import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpContentVersion, readKindVersions } from '../../server/content-version.ts';
import { buildTestApp, engines, type TestApp } from './helpers.ts';

/**
 * The kinds' versions a cached answer is keyed by: read from the database on every request on the
 * PostgreSQL server (another instance may write), kept on PGlite until a write of them commits in
 * this process, which alone writes its folder, and never kept past that commit.
 */
describe.each(engines)('kind versions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are read again once a write of them commits, and not before; on the server, read every time', async () => {
    const db = t.database.db;
    const first = await readKindVersions(db);
    const again = await readKindVersions(db);
    // kept on PGlite: the same answer; on the server: read again
    expect(again === first).toBe(engine === 'pglite');
    const before = first.get('forum') ?? 0;

    // a write in a transaction: the next read after its commit has the new version
    let readDuring: Promise<ReadonlyMap<string, number>> | undefined;
    await db.transaction(async (tx) => {
      await bumpContentVersion(tx, ['forum']);
      // not awaited: on PGlite it waits for the transaction, on the server it reads what was committed
      readDuring = readKindVersions(db);
    });
    await readDuring;
    expect((await readKindVersions(db)).get('forum')).toBe(before + 1);

    // a lone write (no transaction) moves them too; a read sent before it is not kept past it
    await bumpContentVersion(db, ['forum']);
    const early = readKindVersions(db);
    await bumpContentVersion(db, ['forum']);
    await early;
    expect((await readKindVersions(db)).get('forum')).toBe(before + 3);
  });
});
