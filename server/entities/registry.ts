import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { entities, isEntityName, type EntityDeclaration, type EntityName } from '../../src/lib/contract/index.ts';
import { tableOf } from '../db/schema/entity-table.ts';
import type { Runner } from '../services/tx.ts';
import * as t from '../db/schema/index.ts';
import type { UploadRule } from '../uploads.ts';
import { licenceDocumentKeys, licenceValues, nepalToday } from '../services/licence-values.ts';
import { courseRupees, scholarshipRupees, universityRupees } from '../services/rupee-values.ts';
import { standingValues } from '../services/standing-values.ts';
import type { ContentKind } from '../content-version.ts';

/**
 * The server half of an entity declaration: its table and the few options the generic router
 * cannot derive from the contract. A special case belongs here, not in a copy of the router.
 */
export interface ServerEntity {
  decl: EntityDeclaration;
  table: PgTable;
  /** the table has the generated search column (searchColumns): derived, never declared */
  searchable: boolean;
  /** flag filters (?upcoming=true): extra condition and the order they imply */
  flags?: Record<string, { where: SQL; orderBy: SQL[] }>;
  /**
   * values every reply of a row carries, computed when it is read (a consultancy's licence, and its
   * moe_certified from it): a declared field among them has no column, and filters and orderings
   * on it use the expression
   */
  computed?: Record<string, { sql: SQL; schema: Record<string, unknown> }>;
  /**
   * content of other kinds its computed values read (a consultancy's licence, reviews and
   * complaint record; rupee amounts' exchange rates): cached answers key on their versions too
   */
  reads?: readonly ContentKind[];
  /** file rules that differ from the field kind's default */
  uploads?: Record<string, UploadRule>;
  /** keys of private files in the rows a delete of this row cascades to, removed after the delete */
  cascadedPrivateFiles?: (db: Runner, id: number) => Promise<string[]>;
}

/**
 * What only the server knows of each entity, one line each, in the order its routes are registered (and
 * documented); its table comes from the declaration (db/schema/entity-table.ts).
 */
const server: Record<EntityName, Omit<ServerEntity, 'decl' | 'searchable' | 'table'>> = {
  destination: {},
  exam: {},
  course: { computed: courseRupees, reads: ['exchangeRate'] },
  university: { computed: universityRupees, reads: ['exchangeRate'] },
  college: {},
  consultancy: {
    computed: { ...licenceValues, ...standingValues },
    reads: ['licence', 'review', 'complaint'],
    // its applications go with it, and with them the applicants' documents; so do its licences and their documents
    cascadedPrivateFiles: async (db, id) => [
      ...(
        await db
          .select({ key: t.applicationDocuments.storage_key })
          .from(t.applicationDocuments)
          .innerJoin(t.consultancyApplications, eq(t.consultancyApplications.id, t.applicationDocuments.application_id))
          .where(eq(t.consultancyApplications.consultancy_id, id))
      ).map((d) => d.key),
      ...(await licenceDocumentKeys(db, id)),
    ],
  },
  event: {
    flags: { upcoming: { where: sql`${t.events.ends_at} >= now()`, orderBy: [sql`${t.events.starts_at} ASC`, sql`${t.events.id} ASC`] } },
  },
  scholarship: {
    computed: scholarshipRupees,
    reads: ['exchangeRate'],
    // open: the deadline is today or later in Nepal, or there is none (rolling); soonest first
    flags: {
      open: {
        where: sql`(${t.scholarships.deadline} IS NULL OR ${t.scholarships.deadline} >= ${nepalToday})`,
        orderBy: [sql`${t.scholarships.deadline} ASC NULLS LAST`, sql`${t.scholarships.id} ASC`],
      },
    },
  },
  blog: {},
  news: {},
  blogCategory: {},
  newsCategory: {},
  district: {},
  discipline: {},
  offer: {},
  featured: {},
  modelQuestion: {},
  forumCategory: {},
  exchangeRate: {},
  synonym: {},
  planStep: {},
  // upcoming: the session's day is today or later in Nepal, soonest first
  testSession: {
    flags: {
      upcoming: {
        where: sql`${t.testSessions.date} >= ${nepalToday}`,
        orderBy: [sql`${t.testSessions.date} ASC`, sql`${t.testSessions.id} ASC`],
      },
    },
  },
  ad: {
    uploads: {
      desktop_image_url: { kind: 'image', size: { width: 960, height: 540 } },
      mobile_image_url: { kind: 'image', size: { width: 320, height: 400 } },
    },
  },
};

/**
 * A declared field with no column would be accepted and silently dropped, and a declared value nothing
 * computes would filter and order by nothing: the server refuses to start instead.
 */
export function withColumns(name: EntityName, s: Omit<ServerEntity, 'decl' | 'searchable'>): ServerEntity {
  const decl: EntityDeclaration = entities[name];
  const columns = getTableColumns(s.table);
  const missing = Object.keys(decl.fields).filter((field) => !(field in columns) && !(field in (s.computed ?? {})));
  if (missing.length) {
    const hint = 'Derived fields need a computed value; others a column (docs/adding-an-entity.md).';
    throw new Error(`The ${name} declaration has fields its table lacks: ${missing.join(', ')}. ${hint}`);
  }
  const uncomputed = (decl.values ?? []).filter((value) => !(value in (s.computed ?? {})));
  if (uncomputed.length) throw new Error(`The ${name} declaration has values the server does not compute: ${uncomputed.join(', ')}.`);
  return { ...s, decl, searchable: 'search' in columns };
}

export const registry = Object.fromEntries(
  Object.entries(server).map(([name, s]) => {
    if (!isEntityName(name)) throw new Error(`Unknown entity ${name}`);
    return [name, withColumns(name, { ...s, table: tableOf(name) })];
  }),
) as Record<EntityName, ServerEntity>;

export const serverEntity = (name: string): ServerEntity => {
  if (!isEntityName(name)) throw new Error(`Unknown entity ${name}`);
  return registry[name];
};

/**
 * Upload rules of an entity: each file field by its kind, with the server options. A 2x copy is no
 * field of its own to upload: its source's rule names it.
 */
export function uploadRules(entity: ServerEntity): Record<string, UploadRule> {
  const rules: Record<string, UploadRule> = {};
  const fields = Object.entries(entity.decl.fields);
  for (const [name, meta] of fields) {
    if (meta.kind === 'image' && !meta.doubleOf) rules[name] = { kind: 'image', multiple: meta.multiple, ...entity.uploads?.[name] };
    if (meta.kind === 'file') rules[name] = { kind: meta.accept ?? 'document', ...entity.uploads?.[name] };
  }
  for (const [name, meta] of fields) if (meta.doubleOf && rules[meta.doubleOf]) rules[meta.doubleOf]!.double = name;
  return rules;
}
