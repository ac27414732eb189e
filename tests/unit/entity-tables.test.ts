/**
 * The content tables are built from the declarations (server/db/schema/entity-table.ts): the schema
 * they make is the one the migrations made, and a declaration's options become the columns,
 * references and indexes they say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { index } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema/index.ts';
import { migrationsFolder } from '../../server/db/index.ts';
import { entityTable } from '../../server/db/schema/entity-table.ts';
import { searchSources } from '../../server/db/schema/columns.ts';
import { defineEntity, type EntityName } from '../../src/lib/contract/index.ts';

type Snapshot = Parameters<typeof generateMigration>[0];

function lastSnapshot(): Snapshot {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)?.idx ?? 0;
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, `meta/${String(last).padStart(4, '0')}_snapshot.json`), 'utf8'));
}

/** The SQL drizzle-kit would write to go from the migrations' schema to `tables`. */
const changesTo = async (tables: Record<string, unknown>, from: Snapshot) => generateMigration(from, generateDrizzleJson(tables, from.id));

describe('tables from declarations', () => {
  it('are exactly the schema the migrations made: generating a migration finds nothing to do', async () => {
    expect(await changesTo(schema, lastSnapshot())).toEqual([]);
  });

  it("turn a declaration's options into columns, references and indexes", async () => {
    const fixture = defineEntity({
      // outside the registry, so no name it knows, and a table no entity will have
      name: 'fixture' as EntityName,
      path: 'fixture',
      table: 'fixture_rows',
      label: 'Housing',
      plural: 'Housing',
      console: { group: 'Directory', order: 99 },
      titleField: 'title',
      fields: {
        title: { kind: 'text', label: 'Title', required: true, max: 150 },
        note: { kind: 'text', label: 'Note' },
        kind: { kind: 'select', label: 'Kind', options: ['hall', 'flat'], default: 'hall' },
        blurb: { kind: 'textarea', label: 'Blurb', max: 400 },
        body: { kind: 'textarea', label: 'Body' },
        rent: { kind: 'number', label: 'Rent' },
        rooms: { kind: 'number', label: 'Rooms', default: 1 },
        rate: { kind: 'number', label: 'Rate', decimals: 2, required: true },
        pets: { kind: 'boolean', label: 'Pets' },
        opens_on: { kind: 'date', label: 'Opens on' },
        university_id: { kind: 'ref', ref: 'university', label: 'University', onDelete: 'cascade', foundBy: true },
        city_id: { kind: 'ref', ref: 'district', label: 'City', index: false },
        near: { kind: 'refs', ref: 'destination', label: 'Near' },
        also: { kind: 'refs', ref: 'exam', label: 'Also' },
        photo: { kind: 'image', label: 'Photo' },
        rooms_gallery: { kind: 'image', label: 'Rooms', multiple: true },
        faqs: { kind: 'faqs', label: 'FAQs' },
        score: { kind: 'number', label: 'Score', derived: 'its reviews' },
      },
      filters: { near: { label: 'Near', kind: 'ref', ref: 'destination', column: 'near' } },
      search: { A: ['title'], C: ['body'] },
      confirmed: ['rent'],
      ordering: ['-id'],
    });
    const table = entityTable(fixture, { indexes: (t) => [index('fixture_rows_rent_idx').on(t.rent)] });
    const sql = (await changesTo({ ...schema, fixtureRows: table }, lastSnapshot())).join('\n');
    for (const column of [
      '"id" serial PRIMARY KEY NOT NULL',
      '"title" varchar(150) NOT NULL',
      `"note" varchar(200) DEFAULT '' NOT NULL`,
      `"kind" varchar(20) DEFAULT 'hall' NOT NULL`,
      `"blurb" varchar(400) DEFAULT '' NOT NULL`,
      `"body" text DEFAULT '' NOT NULL`,
      '"rent" integer,',
      '"rooms" integer DEFAULT 1 NOT NULL',
      '"rate" double precision NOT NULL',
      '"pets" boolean DEFAULT false NOT NULL',
      '"opens_on" date,',
      '"university_id" integer,',
      `"near" integer[] DEFAULT '{}'::integer[] NOT NULL`,
      '"photo" text,',
      `"rooms_gallery" text[] DEFAULT '{}'::text[] NOT NULL`,
      `"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL`,
      '"slug" varchar(200) NOT NULL',
      '"facts_checked_on" date,',
      // written by the search triggers made from the declaration (db/search-triggers.ts)
      '"search" "tsvector",',
      '"surface_words" "tsvector",',
      'CONSTRAINT "fixture_rows_slug_unique" UNIQUE("slug")',
    ])
      expect(sql).toContain(column);
    expect(sql).not.toContain('"score"');
    expect(sql).toMatch(/FOREIGN KEY \("university_id"\) REFERENCES "public"."universities"\("id"\) ON DELETE cascade/);
    expect(sql).toMatch(/FOREIGN KEY \("city_id"\) REFERENCES "public"."districts"\("id"\) ON DELETE set null/);
    expect(sql).toContain('CREATE INDEX "fixture_rows_university_idx" ON "fixture_rows" USING btree ("university_id")');
    expect(sql).not.toContain('fixture_rows_city_idx');
    // a list of ids has an index when a filter tests it
    expect(sql).toContain('CREATE INDEX "fixture_rows_destinations_idx" ON "fixture_rows" USING gin ("near")');
    expect(sql).not.toContain('fixture_rows_exams_idx');
    expect(sql).toContain('CREATE INDEX "fixture_rows_search_idx" ON "fixture_rows" USING gin ("search")');
    // what the search triggers make the vectors of: the weighted fields, and the rows it is found by
    expect(searchSources.get('fixture_rows')).toMatchObject({
      weights: { A: ['title'], C: ['body'] },
      foundBy: [{ column: 'university_id', table: 'universities', many: false }],
    });
    expect(sql).toContain('CREATE INDEX "fixture_rows_rent_idx" ON "fixture_rows" USING btree ("rent")');
  });
});
