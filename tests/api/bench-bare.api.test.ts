/**
 * bench:api compares the API with a bare node:http handler running the API's own SQL
 * (bench/servers.ts, bench/shapes.ts); the comparison means something only while both give the same
 * bodies. A consultancy's computed values (its licence, its reviews) are named by drizzle, not in
 * the SQL, so the bare handler must name them as the API does: list pages, a deep page, a search
 * asked again, a search recorded ahead (the varied searches) and a detail with its related names.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareServer, databaseExec, type Bare } from '../../bench/servers.ts';
import { consultancies, consultancyLicences } from '../../server/db/schema/index.ts';
import { serverEntity } from '../../server/entities/registry.ts';
import { buildTestApp, createConsultancy, createDestination, engines, type TestApp } from './helpers.ts';

const LIST = '/api/consultancy/';

for (const engine of engines) {
  describe(`bench:api's bare handler gives the API's bodies (${engine})`, () => {
    let t: TestApp;
    let bare: Bare;
    let origin: string;
    let licensed: number;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      const db = t.database.db;
      const destination = await createDestination(db, 'Australia');
      licensed = (
        await db
          .insert(consultancies)
          .values({ name: 'Everest Education', slug: 'everest-education', address: 'Kathmandu', study_abroad_destinations: [destination] })
          .returning({ id: consultancies.id })
      )[0]!.id;
      await db.insert(consultancyLicences).values({
        consultancy_id: licensed,
        permission_number: '101/081-82',
        issuing_office: 'MoEST',
        issued_on: '2025-01-01',
        expires_on: '2099-12-31',
        document_key: 'private/none.pdf',
        status: 'verified',
        reviewed_at: '2025-01-02T00:00:00Z',
      });
      for (let i = 0; i < 4; i++) await createConsultancy(db, `Pokhara Abroad ${i}`);
      bare = await bareServer(serverEntity('consultancy'), databaseExec(t.database));
      await new Promise<void>((resolve) => bare.server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      bare?.server.close();
      await t?.close();
    });

    const same = async (url: string) => {
      const api = await t.app.inject({ url });
      const mine = await fetch(origin + url);
      expect(api.statusCode).toBe(200);
      expect(mine.status).toBe(200);
      const body = await mine.json();
      expect(body).toEqual(api.json());
      return body as { results?: Record<string, unknown>[] } & Record<string, unknown>;
    };

    it('answers list pages and repeated searches as the API does, computed values named', async () => {
      const first = await same(`${LIST}?page=1&page_size=20`);
      const row = first.results!.find((r) => r.id === licensed)!;
      expect(row.moe_certified).toBe(true);
      expect(row.licence).toMatchObject({ permission_number: '101/081-82' });
      expect(Object.keys(row).some((key) => key === '?column?' || key === 'json_build_object')).toBe(false);
      await same(`${LIST}?page=2&page_size=2`);
      for (let i = 0; i < 2; i++) await same(`${LIST}?search=everest`);
    });

    it('answers a search recorded ahead (the varied searches) as the API does', async () => {
      await bare.record(['pokhara abroad']);
      const body = await same(`${LIST}?search=${encodeURIComponent('pokhara abroad')}`);
      expect(body.count).toBe(4);
    });

    it('answers a detail with its related names as the API does', async () => {
      const body = await same(`${LIST}${licensed}/`);
      expect(body.licence).toMatchObject({ issuing_office: 'MoEST' });
      expect(body.related).toMatchObject({ study_abroad_destinations: [{ label: 'Australia' }] });
    });
  });
}
