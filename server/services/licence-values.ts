import { eq, getTableName, sql } from 'drizzle-orm';
import type { PublicLicence } from '../../src/lib/contract/licences.ts';
import { consultancies, consultancyLicences as l } from '../db/schema/index.ts';
import type { Runner } from './tx.ts';

/**
 * What a consultancy's row says of its licence, computed each time it is read, so nothing has to
 * run on the day a licence expires. Kept apart from the licence service because the entity
 * registry reads it (the service's imports lead back to the registry).
 */

/** Today in Nepal (UTC+05:45 all year): a licence holds through its expiry day there (src/lib/shared/ended.ts). */
export const nepalToday = sql`((now() AT TIME ZONE 'UTC') + interval '5 hours 45 minutes')::date`;

/**
 * The consultancy's id, qualified: drizzle writes column names bare in a one-table statement, and
 * inside a subquery on the licences a bare "id" would be the licence's own.
 */
const qualified = (name: string) => sql`${sql.identifier(getTableName(consultancies))}.${sql.identifier(name)}`;
export const consultancyId = qualified(consultancies.id.name);

/** SPEC §3's moe_certified of a consultancy: it holds a verified licence that has not expired. One hashed lookup per statement, not one per row. */
const licensed = sql<boolean>`(${consultancyId} IN (SELECT ${l.consultancy_id} FROM ${l} WHERE ${l.status} = 'verified' AND ${l.expires_on} >= ${nepalToday}))`;

/**
 * Whether the site may promote the consultancy (the counselling banner, "Top consultancies"): we
 * verified it and it holds a verified licence that has not expired. Never promote what a page
 * warns about (docs/architecture.md, "Featured and promoted consultancies").
 */
export const promotable = sql<boolean>`(${qualified(consultancies.verified.name)} AND ${licensed})`;

/** The licence the public pages show: the verified one that runs longest, expired or not (the page says which), without its document. */
const publicLicence = sql<PublicLicence | null>`(SELECT json_build_object(
    'permission_number', ${l.permission_number}, 'issuing_office', ${l.issuing_office}, 'issued_on', ${l.issued_on}, 'expires_on', ${l.expires_on},
    'association', ${l.association}, 'association_number', ${l.association_number},
    'checked_on', ((${l.reviewed_at} AT TIME ZONE 'UTC') + interval '5 hours 45 minutes')::date)
  FROM ${l} WHERE ${l.consultancy_id} = ${consultancyId} AND ${l.status} = 'verified'
  ORDER BY ${l.expires_on} DESC, ${l.id} DESC LIMIT 1)`;

const date = { type: 'string', format: 'date' };
export const licenceValues = {
  moe_certified: { sql: licensed, schema: { type: 'boolean' } },
  promotable: {
    sql: promotable,
    schema: {
      type: 'boolean',
      description: 'Verified by us and licensed (a verified, unexpired licence): only such a consultancy is featured or promoted',
    },
  },
  licence: {
    sql: publicLicence,
    schema: {
      type: 'object',
      nullable: true,
      description:
        "The verified licence that runs longest (issuing_office names who issued it: the Ministry of Education, or a province's ministry); null: none on record; expired when expires_on has passed in Nepal",
      required: ['permission_number', 'issuing_office', 'issued_on', 'expires_on', 'association', 'association_number', 'checked_on'],
      properties: {
        permission_number: { type: 'string' },
        issuing_office: { type: 'string' },
        issued_on: date,
        expires_on: date,
        association: { type: 'string' },
        association_number: { type: 'string' },
        checked_on: { ...date, description: 'When we verified it (Nepal date)' },
      },
    },
  },
};

/** The private documents of a consultancy's licences, removed after a delete of the consultancy takes the licences with it. */
export async function licenceDocumentKeys(db: Runner, consultancyId: number): Promise<string[]> {
  return (await db.select({ key: l.document_key }).from(l).where(eq(l.consultancy_id, consultancyId))).map((r) => r.key);
}
