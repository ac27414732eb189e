/**
 * Build-time content access for the pages: every list is fetched once per build (page_size=1000,
 * through src/lib/api) and shared by all the pages that need it. With SITE_DATA_DIR (the rebuild
 * runner sets it) the lists come from the last build's copy, brought up to date with the rows
 * changed since (data-cache.ts).
 */
import { createHash } from 'node:crypto';
import {
  countable,
  declarationOf,
  entities,
  isEntityName,
  siteEntities,
  type EntityDeclaration,
  type EntityName,
  type FilterMeta,
} from '../../lib/contract/index.ts';
import { categories, listAll, type Category, type Row } from '../../lib/api/public.ts';
import { currentFirst } from '../../lib/shared/ended.ts';
import { keptIn } from '../../lib/shared/kept.ts';
import {
  cardDeclaration,
  currencyFields,
  factFields,
  glanceDeclaration,
  hrefOf,
  refTitle,
  type CardDeclaration,
} from '../../lib/site/cards.ts';
import { ratesOf, type Rates } from '../../lib/site/money.ts';
import { syncLists, type ListSpec, type SyncReport } from './data-cache.ts';
export {
  badgesOf,
  cardFacts,
  currencyFields,
  endOf,
  formatValue,
  hrefOf,
  imageOf,
  keyOf,
  leadOf,
  refTitle,
  summaryOf,
  titleOf,
} from '../../lib/site/cards.ts';
import type { SearchKind } from '../../islands/SiteSearch.tsx';

export const PAGE_SIZE = 24;

/** Entities with public pages, in navigation order (the declarations' `sitePath` and `nav`). */
export const SITE_ENTITIES = siteEntities().map((d) => d.name);
export type SiteEntity = EntityName;

/**
 * What the site's search shows of each kind it finds (the declarations with `homeSearch`, in
 * navigation order): the part of the declaration its cards read (the results page) or a glance
 * reads (the home search), and, when they show amounts, the rates.
 */
export async function searchKinds(view: 'cards' | 'glance'): Promise<Record<string, SearchKind>> {
  const searched = siteEntities().filter((d) => d.homeSearch);
  return Object.fromEntries(
    await Promise.all(
      searched.map(async (d) => {
        const card = view === 'cards' ? cardDeclaration(d) : glanceDeclaration(cardDeclaration(d));
        const rates = await ratesFor(card);
        return [d.name, { card, sitePath: d.sitePath, plural: d.plural, ...(rates ? { rates } : {}) }] as const;
      }),
    ),
  );
}

const namedRef = (decl: EntityDeclaration) =>
  Object.entries(decl.fields).find(([, meta]) => meta.kind === 'ref' && meta.namedInResults && meta.ref);

export const bySitePath = (sitePath: string): [SiteEntity, EntityDeclaration] | undefined => {
  const name = SITE_ENTITIES.find((n) => declarationOf(n).sitePath === sitePath);
  return name ? [name, declarationOf(name)] : undefined;
};

/** The lists the pages read: the site's entities and every entity they refer to (categories too). */
function siteLists(): ListSpec[] {
  const names = new Set<EntityName>(SITE_ENTITIES);
  for (const name of SITE_ENTITIES) {
    const decl: EntityDeclaration = entities[name];
    for (const meta of Object.values(decl.fields))
      if ((meta.kind === 'ref' || meta.kind === 'refs') && meta.ref && meta.ref in entities) names.add(meta.ref);
    for (const f of Object.values(decl.filters ?? {})) if (f.ref && f.ref in entities) names.add(f.ref);
  }
  const lists = [...names].map((name) => {
    const decl: EntityDeclaration = entities[name];
    const refersTo = Object.values(decl.fields).flatMap((m) => (m.kind === 'ref' && m.ref ? [m.ref] : []));
    return { name, path: decl.path, ordering: decl.ordering, refersTo };
  });
  return [...lists, REVIEW_LIST, ...Object.values(FORUM_LISTS)];
}

/** The reviews of consultancies (their pages show them): not an entity, read and synced like one. */
export const REVIEW_LIST: ListSpec = {
  name: 'consultancyReview',
  path: 'consultancy-review',
  ordering: ['-created_at'],
  refersTo: [],
  placed: true,
};

/**
 * The forum's lists (its pages have no declaration), read and synced like entities'. A question
 * refers to its category and its accepted reply (NULL when they are deleted); a post's updated_at
 * moves with whatever it shows (its author's name, its category), see server/services/forum.ts.
 */
export const FORUM_LISTS = {
  categories: {
    name: 'forumCategories',
    path: 'forum/categories',
    ordering: ['position', 'name'],
    refersTo: [],
    changedFirst: '-updated_at',
  },
  questions: {
    name: 'forumQuestion',
    path: 'forum/questions',
    ordering: ['-created_at'],
    refersTo: ['forumCategories', 'forumReply'],
    changedFirst: '-updated_at',
    placed: true,
  },
  replies: {
    name: 'forumReply',
    path: 'forum/replies',
    ordering: ['question_id', 'created_at'],
    refersTo: [],
    changedFirst: '-updated_at',
    placed: true,
  },
} satisfies Record<string, ListSpec>;

/** What the build's data copy did (the data-only renderer prints it). */
export const SYNC_REPORT = Symbol.for('studyabroad.site.sync');
let synced: Promise<Map<string, Row[]>> | null = null;
const dataDir = () => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SITE_DATA_DIR || undefined;

function syncedRows(name: string, path: string): Promise<Row[]> | null {
  const dir = dataDir();
  if (!dir) return null;
  synced ??= syncLists(siteLists(), { dir, refresh: process.env.SITE_DATA_REFRESH === '1' }).then(({ rows, report }) => {
    (globalThis as Record<symbol, SyncReport>)[SYNC_REPORT] = report;
    return rows;
  });
  return synced.then((all) => all.get(name) ?? listAll(path));
}

const cache = new Map<string, Promise<Row[]>>();

/**
 * All rows of a list (an entity's, or REVIEW_LIST), fetched once per build. `T` is the row type the
 * API's response schema for that list gives (a review, a forum reply); plain rows by default.
 */
export function listRows<T extends { id: number } = Row>({ name, path }: Pick<ListSpec, 'name' | 'path'>): Promise<T[]> {
  let hit = cache.get(name);
  if (!hit) {
    hit = (syncedRows(name, path) ?? listAll(path)).catch((err: unknown) => {
      cache.delete(name);
      throw err;
    });
    cache.set(name, hit);
  }
  return hit as Promise<T[]>;
}

/** All rows of an entity (declaration name), fetched once per build. */
export const rows = (name: EntityName): Promise<Row[]> => listRows({ name, path: entities[name].path });

/** The entities whose rows are filed in categories with list pages of their own, and the entity of those categories. */
export const CATEGORIZED = { blog: 'blogCategory', news: 'newsCategory' } as const satisfies Partial<Record<SiteEntity, EntityName>>;
export type Categorized = keyof typeof CATEGORIZED;
export const isCategorized = (name: string): name is Categorized => name in CATEGORIZED;
/** What a category entity files (blogCategory: blog), if it is one. */
export const categorizedBy = (name: string | undefined): Categorized | undefined =>
  (Object.keys(CATEGORIZED) as Categorized[]).find((kind) => CATEGORIZED[kind] === name);

const categoryCache = new Map<string, Promise<Category[]>>();
export const articleCategories = (kind: Categorized) =>
  keptIn(categoryCache, kind, () => (dataDir() ? (rows(CATEGORIZED[kind]) as Promise<unknown> as Promise<Category[]>) : categories(kind)));

const lookups = new Map<string, Promise<Map<number, Row>>>();
/** id → row of an entity; unknown refs (e.g. not public) give an empty map. */
export const lookup = (name: string): Promise<Map<number, Row>> =>
  keptIn(lookups, name, () =>
    lookupRows(name)
      .catch(() => [] as Row[])
      .then((list) => new Map(list.map((r) => [r.id, r]))),
  );

/** The rows `lookup` indexes: a category entity's categories, an entity's rows, else none. */
async function lookupRows(name: string): Promise<Row[]> {
  const filing = categorizedBy(name);
  if (filing) return (await articleCategories(filing)).map((category) => ({ ...category }));
  if (isEntityName(name)) return rows(name);
  return [];
}

let rates: Promise<Rates> | null = null;
/**
 * The exchange rates the pages of `decl` show amounts with (none when it has no amounts): part of
 * those pages' cacheKey, so a new rate re-renders exactly the pages with money on them.
 */
export function ratesFor(decl: CardDeclaration): Promise<Rates | undefined> {
  if (currencyFields(decl).size === 0) return Promise.resolve(undefined);
  rates ??= rows('exchangeRate').then(ratesOf);
  return rates;
}

/** An entity's rows as its list shows them: current ones before ended ones (`ends`). */
export async function listed(name: EntityName): Promise<Row[]> {
  const decl: EntityDeclaration = entities[name];
  const all = await rows(name);
  return decl.ends ? currentFirst(all, decl.ends.field, Date.now()) : all;
}

/** The page of the row a ref field points at, when that entity has pages. */
export const refHref = (refName: string | undefined, row: Row | undefined) => {
  const decl = refName && isEntityName(refName) ? declarationOf(refName) : undefined;
  return decl?.sitePath && row ? hrefOf(decl, row) : undefined;
};

/** What a `namedInResults` ref field's row names in turn: the university's country, as "university_id.destination_id" and the entity it is. */
function namedThrough(name: string, meta: EntityDeclaration['fields'][string]): [string, EntityName] | undefined {
  if (meta.kind !== 'ref' || !meta.namedInResults || !meta.ref || !(meta.ref in entities)) return undefined;
  const [field, inner] = namedRef(declarationOf(meta.ref)) ?? [];
  return field && inner?.ref ? [`${name}.${field}`, inner.ref] : undefined;
}

/** The ref fields a card states as facts (a course's university, and its country), with the API path of the rows they name. */
export const cardRefPaths = (decl: EntityDeclaration): Record<string, string> =>
  Object.fromEntries(
    factFields(decl).flatMap(([name, meta]) => {
      if (!((meta.kind === 'ref' || meta.kind === 'refs') && meta.ref && meta.ref in entities)) return [];
      const through = namedThrough(name, meta);
      return [[name, entities[meta.ref].path], ...(through ? [[through[0], entities[through[1]].path]] : [])];
    }),
  );

const refMapsOf = new Map<string, Promise<Record<string, Map<number, Row>>>>();
/**
 * The ref maps a declaration needs (field name → id map; "university_id.destination_id" for what a
 * named ref names in turn), made once per build like the lists they come from: every page's key asks.
 */
export const refMaps = (decl: EntityDeclaration): Promise<Record<string, Map<number, Row>>> =>
  keptIn(refMapsOf, decl.name, () => readRefMaps(decl));

async function readRefMaps(decl: EntityDeclaration): Promise<Record<string, Map<number, Row>>> {
  const out: Record<string, Map<number, Row>> = {};
  await Promise.all(
    Object.entries(decl.fields).map(async ([name, meta]) => {
      if ((meta.kind === 'ref' || meta.kind === 'refs') && meta.ref) out[name] = await lookup(meta.ref);
      const through = namedThrough(name, meta);
      if (through) out[through[0]] = await lookup(through[1]);
    }),
  );
  return out;
}

export interface FilterOption {
  value: string;
  label: string;
}
export interface ListFilter {
  name: string;
  label: string;
  kind: FilterMeta['kind'];
  options: FilterOption[];
  /** a flag on when the address does not say */
  initially?: boolean;
  /** the list counts its values (facets) */
  counted?: boolean;
}

/** The list filters of a declaration with their options resolved (huge ref lists are left out). */
export async function listFilters(decl: EntityDeclaration): Promise<ListFilter[]> {
  const out: ListFilter[] = [];
  for (const [name, f] of Object.entries(decl.filters ?? {})) {
    let options: FilterOption[] = [];
    if (f.kind === 'ref' && f.ref) {
      const map = await lookup(f.ref);
      if (map.size === 0 || map.size > 200) continue;
      options = [...map.values()].map((r) => ({ value: String(r.id), label: refTitle(r) })).sort((a, b) => a.label.localeCompare(b.label));
    } else if (f.kind === 'boolean') {
      options = [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ];
    } else if (f.kind === 'select') {
      options = (f.options ?? []).map((o) => ({ value: o, label: o.charAt(0).toUpperCase() + o.slice(1) }));
    } else if (f.kind === 'within') {
      options = (f.options ?? []).map((o) => ({ value: o, label: `In the next ${o} days` }));
    }
    out.push({
      name,
      label: f.label,
      kind: f.kind,
      options,
      ...(f.initially ? { initially: true } : {}),
      ...(countable(f) ? { counted: true } : {}),
    });
  }
  return out;
}

export const absolute = (site: URL | undefined, path: string | undefined) =>
  path ? new URL(path, site ?? 'http://localhost:4321').href : undefined;

/** A short, stable digest of anything JSON can hold: the cacheKey of a pre-rendered page. */
export function digest(value: unknown): string {
  // 96 bits of SHA-1 (native: several times faster than hashing the text in JS), plenty to tell page data apart
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

/**
 * What pages showing these rows show of other rows: the names and slugs of the rows their ref
 * fields point at, and nothing of the rows they do not (so a new destination re-renders no page
 * that does not name it). Part of a page's key (page-deps.ts).
 */
export async function shownRefs(decl: EntityDeclaration, shown: Row[]): Promise<unknown[]> {
  const maps = await refMaps(decl);
  return Object.entries(maps).map(([field, map]) => [
    field,
    shown.flatMap((row) => {
      // "university_id.destination_id": the id the referred row holds
      const [first, second] = field.split('.');
      const value = second ? maps[first!]?.get(Number(row[first!]))?.[second] : row[field];
      const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      return ids.map((id) => {
        const ref = map.get(Number(id));
        // the country's register is named on its institutions' pages (`recognition`)
        const register = ref && decl.recognition?.via === field ? [ref.register_name, ref.register_url] : [];
        return ref ? [ref.id, refTitle(ref), ref.slug, ...register] : [id];
      });
    }),
  ]);
}
