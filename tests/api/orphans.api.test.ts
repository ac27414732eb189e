import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createConsultancy, engines, type TestApp } from './helpers.ts';
import { consultancyLicences } from '../../server/db/schema/index.ts';
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
