import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { sharedRuns } from './shared-runs.ts';
import { contentState, contentVersions } from './db/schema/index.ts';
import { entities, type EntityName } from '../src/lib/contract/index.ts';

type Executor = Pick<Db, 'execute'>;

/**
 * What public answers read, each with a version of its own: every entity, and the content that is
 * not one (the forum's posts, reviews, complaint records, the settings singletons, licences,
 * college branches, consultancies' visa outcomes). Pageviews, inquiries and applications are none of
 * these: they move nothing, but for a visa decision, which moves its consultancy's outcomes.
 */
export const OTHER_KINDS = ['forum', 'review', 'complaint', 'licence', 'settings', 'branch', 'outcome'] as const;
export type ContentKind = EntityName | (typeof OTHER_KINDS)[number];
export const CONTENT_KINDS: readonly ContentKind[] = [...(Object.keys(entities) as EntityName[]), ...OTHER_KINDS];

const changes = new EventEmitter();
let writes = 0;

/** How many writes of versions this process has made (each in a transaction that may not have committed yet). */
export const versionWrites = () => writes;

/** Calls `listener` after each content write of this process (the rebuild runner of npm start); answers the unsubscribe. */
export function onContentChange(listener: () => void): () => void {
  changes.on('change', listener);
  return () => changes.off('change', listener);
}

/** One statement for any number of kinds: each kind's row made or moved (a kind first written gets its row here). */
const kindsBump = (kinds: readonly ContentKind[]) =>
  sql`INSERT INTO content_versions (kind, version) SELECT k, 1 FROM unnest(${`{${[...new Set(kinds)].join(',')}}`}::text[]) AS k
    ON CONFLICT (kind) DO UPDATE SET version = content_versions.version + 1`;

/**
 * Every write of public content: the kinds it changes move (cached answers and memos that read
 * them are left behind), and so does the site's version, which the rebuild runner watches. In the
 * write's transaction: a reader that sees the write sees the new versions too.
 */
export async function bumpContentVersion(tx: Executor, kinds: readonly ContentKind[]) {
  writes++;
  await tx.execute(sql`WITH site AS (INSERT INTO content_state (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = content_state.version + 1, updated_at = now() RETURNING 1)
    ${kindsBump(kinds)}`);
  // inside the write's transaction: the runner reads the version after its short wait, by when it committed
  changes.emit('change');
}

/** A change the API shows and the built pages do not (a like): the kinds move, the site is not built again. */
export async function bumpKindVersions(tx: Executor, kinds: readonly ContentKind[]) {
  writes++;
  await tx.execute(kindsBump(kinds));
}

export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: contentState.version })
    .from(contentState)
    .where(sql`id = 1`);
  return row?.version ?? 0;
}

export type KindVersions = ReadonlyMap<string, number>;

const versionsQuery = (db: Db) =>
  db.select({ kind: contentVersions.kind, version: contentVersions.version }).from(contentVersions).prepare('content_versions');
const versionsQueries = new WeakMap<Db, ReturnType<typeof versionsQuery>>();

async function queryKindVersions(db: Db): Promise<KindVersions> {
  let query = versionsQueries.get(db);
  if (!query) versionsQueries.set(db, (query = versionsQuery(db)));
  return new Map((await query.execute()).map((r) => [r.kind, Number(r.version)]));
}

/** The kinds' versions with some rows' own (xmin by key), read in one statement: query.ts makes one per entity and key column. */
export type RowsVersionReader = (db: Db, keys: string[]) => Promise<{ versions: KindVersions; rows: ReadonlyMap<string, string> }>;

/** A read of the versions; with `read` and `key`, of one row's too. */
interface VersionAsk {
  read?: RowsVersionReader;
  key?: string;
}
type VersionAnswer = { versions: KindVersions; row: string | null };

/** One statement per rows reader asked (their keys together), or the versions' own when none was. */
async function readVersions(db: Db, asks: VersionAsk[]): Promise<VersionAnswer[]> {
  const keys = new Map<RowsVersionReader, Set<string>>();
  for (const { read, key } of asks) if (read) keys.set(read, (keys.get(read) ?? new Set()).add(key!));
  const answers = new Map(await Promise.all([...keys].map(async ([read, some]) => [read, await read(db, [...some])] as const)));
  // plain reads share a rows statement's versions when there is one
  const [first] = answers.values();
  const versions = first?.versions ?? (await queryKindVersions(db));
  return asks.map(({ read, key }) => {
    const answer = read && answers.get(read);
    return answer ? { versions: answer.versions, row: answer.rows.get(key!) ?? null } : { versions, row: null };
  });
}

const versionReaders = new WeakMap<Db, (ask: VersionAsk) => Promise<VersionAnswer>>();

/**
 * Reads of the versions that wait at the same time share one statement (sharedRuns): each is
 * answered by a statement sent after it was asked, so it sees every write that returned before it,
 * on any instance. Under load a cached answer then costs a fraction of a statement, not one each
 * (sending the versions' statement was a fifth of a cached detail's CPU).
 */
function readVersion(db: Db, ask: VersionAsk): Promise<VersionAnswer> {
  let read = versionReaders.get(db);
  if (!read) versionReaders.set(db, (read = sharedRuns((asks: VersionAsk[]) => readVersions(db, asks))));
  return read(ask);
}

/**
 * Every kind's version, read from the database on every call (never remembered), so a write that
 * returned, on any instance, is seen by the next read; reads that wait at the same time share a statement.
 */
export const readKindVersions = async (db: Db): Promise<KindVersions> => (await readVersion(db, {})).versions;

/** The kinds' versions with one row's own version (null: no such row), read as readKindVersions reads them. */
export const readVersionsWithRow = (db: Db, read: RowsVersionReader, key: string) => readVersion(db, { read, key });

/** The versions of `kinds`, as a key: it changes exactly when one of them was written. */
export const versionStamp = (versions: KindVersions, kinds: readonly ContentKind[]) =>
  kinds.map((kind) => `${kind}.${versions.get(kind) ?? 0}`).join(',');
