import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createConsultancy, engines, type TestApp } from './helpers.ts';
import { complaints, consultancyLicences } from '../../server/db/schema/index.ts';
import { s3Storage, type Storage } from '../../server/storage/index.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphans } from '../../server/storage/orphans.ts';

describe.each(engines)('sweep of private files no row refers to on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  /** A private file written `ageMs` ago, as an upload is: before its row commits. */
  async function privateFile(text: string, ageMs: number) {
    const key = await t.privateStorage.put(Buffer.from(`%PDF-1.4 ${text}`), 'pdf', 'application/pdf');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(path.join(t.privateDir, key), when, when);
    return key;
  }
  const exists = (key: string) => fs.existsSync(path.join(t.privateDir, key));

  it('removes a file a crash left without its row, and keeps a referenced one and one still in flight', async () => {
    const old = ORPHAN_MIN_AGE_MS + 60_000;
    const orphan = await privateFile('left by a crash', old);
    const referenced = await privateFile('a licence document', old);
    const inFlight = await privateFile('an upload waiting for its row', 60_000);
    const consultancyId = await createConsultancy(t.database.db);
    await t.database.db.insert(consultancyLicences).values({
      consultancy_id: consultancyId,
      permission_number: 'P-1',
      issuing_office: 'Ministry of Education',
      issued_on: '2025-01-01',
      expires_on: '2030-01-01',
      document_key: referenced,
    });

    expect(await sweepOrphans(t.database.db, t.privateStorage)).toBe(1);
    expect(exists(orphan)).toBe(false);
    expect(exists(referenced)).toBe(true);
    expect(exists(inFlight)).toBe(true);
    // nothing left to sweep: a second sweep (another instance, the next day) removes nothing
    expect(await sweepOrphans(t.database.db, t.privateStorage)).toBe(0);
  });

  it('leaves alone what put() cannot have made', async () => {
    const stray = path.join(t.privateDir, 'README.txt');
    fs.writeFileSync(stray, 'not an upload');
    const when = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);
    fs.utimesSync(stray, when, when);
    await sweepOrphans(t.database.db, t.privateStorage);
    expect(fs.existsSync(stray)).toBe(true);
  });
});

describe('sweep of private files in an S3-compatible store (s3rver)', () => {
  let t: TestApp;
  let s3: S3rver;
  let store: Storage;
  let work: string;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'orphans-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: work, configureBuckets: [{ name: 'uploads' }] });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    store = await s3Storage({
      bucket: 'uploads',
      privateBucket: 'uploads',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(work, { recursive: true, force: true });
    await t.close();
  });

  it('lists the bucket and removes only the objects no row names, once they are old enough', async () => {
    const orphan = await store.put(Buffer.from('%PDF-1.4 left by a crash'), 'pdf', 'application/pdf');
    const referenced = await store.put(Buffer.from('%PDF-1.4 evidence'), 'pdf', 'application/pdf');
    await t.database.db.insert(complaints).values({
      name: 'Hari',
      email: 'hari@example.com',
      subject: 'Fees',
      message: 'No receipt given.',
      evidence: referenced,
      fingerprint: 'orphans-s3',
    });

    // just written: still waiting for their rows as far as the sweep knows
    expect(await sweepOrphans(t.database.db, store)).toBe(0);
    const later = Date.now() + 2 * ORPHAN_MIN_AGE_MS;
    expect(await sweepOrphans(t.database.db, store, { now: later })).toBe(1);
    expect(await store.read(orphan)).toBeNull();
    expect((await store.read(referenced))?.toString()).toBe('%PDF-1.4 evidence');
  });
});
