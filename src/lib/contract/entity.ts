import type { FieldMeta } from './fields.ts';
import type { EntityName } from './names.ts';

export type { EntityName } from './names.ts';

/**
 * What each kind of filter takes: ref, an id or slug of `ref`; boolean, 'true'/'false'; select, one of
 * `options`; flag, 'true' switches it on (with `column`: only rows where that boolean is true); min and
 * max, a whole number the value is at least or at most (a fee in rupees); within, a number of days, one
 * of `options`, the date falls from today (in Nepal) to that many days on
 */
interface FilterKinds<C extends string> {
  ref: {
    column: C;
    ref: EntityName;
    /** `column` points at a row of `through.entity` whose `through.column` is the ref (a course's country, through its university) */
    through?: { entity: EntityName; column: string };
    /** rows without a value match every value too (a scholarship for any field of study); their count is the facet's '' */
    orNone?: boolean;
  };
  boolean: { column: C };
  /** `understood`: the site search reads its options in a query as this filter ("masters", "april intake"; server/search/lexicon.ts) */
  select: { column: C; options: readonly string[]; understood?: boolean };
  /** `initially`: on when the address does not say (open scholarships only); without `column` the server says what it means (`flags`) */
  flag: { column?: C; initially?: boolean };
  min: { column: C };
  max: { column: C };
  within: { column: C; options: readonly string[] };
}

type FilterOption = { [K in keyof FilterKinds<string>]: keyof FilterKinds<string>[K] }[keyof FilterKinds<string>];

/**
 * One filter of a list: its kind, the options of that kind only, and the field (or server-computed
 * value) it tests, its `column`; an array column is tested for containment.
 */
export type FilterMeta<C extends string = string> = {
  [K in keyof FilterKinds<C>]: { label: string; kind: K } & FilterKinds<C>[K] & {
      [O in Exclude<FilterOption, keyof FilterKinds<C>[K]>]?: never;
    };
}[keyof FilterKinds<C>];

/** The filter kinds whose values can be counted (facets): one value per row, or a list of them. */
export const countable = (f: FilterMeta) =>
  (f.kind === 'ref' || f.kind === 'select' || f.kind === 'boolean' || f.kind === 'flag') && !f.through;

/**
 * One content entity, declared once. The server turns it into routes, the console into list and
 * form screens, the pages into types. Special cases live here as options, not in copies.
 */
/** The kinds of institution that have an account of their own, a dashboard and inquiries. */
export const INSTITUTION_ROLES = ['consultancy', 'college', 'university'] as const;
export type InstitutionRole = (typeof INSTITUTION_ROLES)[number];
/** Every account role. */
export const ROLES = ['admin', ...INSTITUTION_ROLES, 'student'] as const;
export type Role = (typeof ROLES)[number];

/** The console's navigation groups, in order; entities name theirs (`console`). */
export const CONSOLE_GROUPS = ['Directory', 'Articles', 'Lookups', 'Promotion', 'People and leads', 'Site'] as const;
export type ConsoleGroup = (typeof CONSOLE_GROUPS)[number];

/** The schema.org types the detail pages describe rows as (src/pages/_lib/jsonld.ts maps each). */
export type SchemaType =
  'CollegeOrUniversity' | 'EducationalOrganization' | 'Course' | 'Event' | 'Article' | 'NewsArticle' | 'Country' | 'MonetaryGrant';

/** The bookkeeping columns every table has, which lists may be ordered by. */
type Bookkeeping = 'id' | 'created_at' | 'updated_at';
/** One key of a list order: a name, descending with a leading '-'. */
export type OrderKey<K extends string> = K | `-${K}`;
/** A list order as the API's `ordering` takes it: one to three keys, by commas. */
export type OrderList<K extends string> = OrderKey<K> | `${OrderKey<K>},${OrderKey<K>}`;

/** The fields in a row's search vector, by weight: A the names, B the places and short texts, C the bodies. */
export interface SearchWeights<F extends string = string> {
  A: readonly F[];
  B?: readonly F[];
  C?: readonly F[];
}

/**
 * `F` names the declaration's fields and `V` its server-computed values, so every option naming
 * one (`titleField`, `ordering`, `card`, a filter's `column`) is checked by the typechecker.
 */
export interface EntityDeclaration<F extends string = string, V extends string = string> {
  /** key used everywhere (console resource name, registry) */
  name: EntityName;
  /** the database table that stores its rows */
  table: string;
  /** API path segment(s) under /api, as SPEC §7 spells them */
  path: string;
  /** public site path segment */
  sitePath?: string;
  label: string;
  plural: string;
  /** where the console's navigation lists it */
  console: { group: ConsoleGroup; order: number };
  /** entities with public pages (sitePath): the header's main navigation or the footer's, its place, and its label when not `plural` */
  nav?: { menu: 'main' | 'more'; order: number; label?: string };
  /** the schema.org type of its detail page's JSON-LD (default WebPage) */
  schemaType?: SchemaType;
  /** the home page's search looks through it */
  homeSearch?: boolean;
  /**
   * Words of a query that say a student is after this kind without naming it ("fair", "seminar" for
   * events): the site search ranks this kind first, and still searches the word.
   */
  searchHints?: readonly string[];
  /** counts of rows ("6 blog posts") when `plural` names a section rather than its rows ("Blog") */
  countNoun?: string;
  /** the field that names a row (cards, dropdowns, slugs) */
  titleField: F;
  fields: Record<F, FieldMeta<F>>;
  /**
   * values the server computes for each row besides the fields (a fee in rupees: server/entities/registry.ts),
   * which filters and orders may name
   */
  values?: readonly V[];
  filters?: Record<string, FilterMeta<F | V>>;
  /** the fields full-text search looks through, by weight; without it the rows are not searched */
  search?: SearchWeights<F>;
  /** rows have no slug: no page or address names them (ads, exchange rates) */
  slug?: false;
  /** create and update arrive as multipart (files) rather than JSON */
  multipart?: boolean;
  /** a /x/dropdown/ route; the path when it differs from `${path}/dropdown` */
  dropdown?: boolean | string;
  /** paths that differ from the /x/create/, /x/{id}/update/, /x/{id}/delete/ pattern */
  routes?: { adminList?: string; create?: string; update?: string; delete?: string };
  /** the public list shows only what this says (ads: active ones) */
  publicList?: 'all' | 'none';
  /** default list order, first key wins: '-priority' is descending */
  ordering: OrderKey<F | V | Bookkeeping>[];
  /**
   * the further fields (or server-computed values) a list may be ordered by, ascending or
   * descending: the console's sortable columns, say. The keys of `ordering` and `sorts` are
   * orderable without being named here; anything else is refused (orderableFields)
   */
  orderable?: readonly (F | V)[];
  /**
   * the orders a list page offers, as labels: the one without `ordering` is the list's own order
   * above; the others name the API's `ordering` value ('-published_at': newest first)
   */
  sorts?: readonly { label: string; ordering?: OrderList<F | V | Bookkeeping> }[];
  /**
   * rows that end (an event, an offer, a scholarship's deadline): the date or datetime field that
   * ends them and what an ended one is called. The site marks ended rows and lists them after
   * current ones, on the day they end even when no rebuild ran since (src/lib/shared/ended.ts).
   */
  ends?: { field: F; badge: string; note: string };
  /**
   * fees, intakes and deadlines whose values go stale: the fields it covers. The row carries the day
   * an admin or the owner last confirmed them (`facts_checked_on`): saving a new value of one of them
   * confirms them, and so does "still correct"; pages say "checked on <date>", and "may be out of
   * date" after STALE_AFTER_DAYS (src/lib/shared/checked.ts)
   */
  confirmed?: readonly F[];
  /**
   * rows that the official register of the country named by the ref field `via` lists (CRICOS,
   * the DLI list…): the row's entry (`register_code`), whether it was found there (`register_status`)
   * and when someone looked (`register_checked_on`); the destination names the register and its link
   */
  recognition?: { via: F };
  /**
   * the facts a card states, in this order: what a student decides on from a list (a consultancy's
   * rating and complaint record, a course's fee, duration and intakes). Default: the first three
   * list columns that are plain values. Badges (licensed, verified) are shown apart from them.
   */
  card?: readonly F[];
  /** a student can save rows to the shortlist kept on the device (and on the account once signed in) */
  shortlist?: boolean;
  /**
   * its rows state entry requirements (the fields REQUIREMENT_FIELDS of src/lib/shared/qualify.ts names):
   * pages list them apart from other facts, and cards and pages say whether the student's profile meets them
   */
  entryRequirements?: true;
  /** up to COMPARE_MAX rows can be put side by side on /compare/, one row per fact of this declaration */
  compare?: boolean;
  /** the comparison also shows what applicants and complainants say of each row: its review score and 12-month complaint record */
  compareStanding?: boolean;
  /** who may create, update and delete rows through the generic routes (default: admins) */
  access?: { write: readonly Role[] };
  /** the institution role that edits its own row of this entity in a dashboard */
  institutionRole?: InstitutionRole;
  /**
   * rules across fields, on the record as it would be saved (stored values merged with the change): per-field errors, or null.
   * Type its parameter (`record: Record<string, unknown>`): around an untyped one the declaration cannot be checked
   */
  check?: (record: Record<string, unknown>) => Record<string, string[]> | null;
}

/**
 * A declaration checked against itself: what names a field (`titleField`, `ordering`, `card`, a filter's
 * `column`…) must name one of its `fields` or `values`, and recognition goes through a ref field.
 */
type SelfChecked<D extends EntityDeclaration> = EntityDeclaration<
  Extract<keyof D['fields'], string>,
  D extends { values: readonly (infer V extends string)[] } ? V : never
> & {
  recognition?: { via: { [K in keyof D['fields']]: D['fields'][K] extends { kind: 'ref' } ? K : never }[keyof D['fields']] };
};

export const defineEntity = <const D extends SelfChecked<D>>(d: D): D => d;

/**
 * The API paths (under /api, without slashes around) of an entity's generic routes, as its
 * declaration spells them (SPEC §7's): one reading for the router, the console and the tests.
 * `publicList` is absent when only admins list it; `adminList` is the public list when they share one.
 */
export function entityPaths(d: EntityDeclaration) {
  const r = d.routes ?? {};
  return {
    publicList: d.publicList === 'none' ? undefined : d.path,
    adminList: r.adminList ?? d.path,
    one: `${d.path}/:id`,
    dropdown: d.dropdown ? (typeof d.dropdown === 'string' ? d.dropdown : `${d.path}/dropdown`) : undefined,
    create: r.create ?? `${d.path}/create`,
    update: r.update ?? `${d.path}/:id/update`,
    remove: r.delete ?? `${d.path}/:id/delete`,
    /** what a delete would be refused for: the rows that use this one, asked before the delete is offered */
    uses: `${d.path}/:id/uses`,
    /** "still correct": confirms the `confirmed` fields' values as they are */
    confirm: d.confirmed ? `${d.path}/:id/still-correct` : undefined,
  };
}

/** Every table's bookkeeping columns: the build's data copy asks for the newest changes first (`-updated_at,-id`). */
const ALWAYS_ORDERABLE = ['id', 'created_at', 'updated_at'];

/** What `?ordering=` accepts for an entity's lists: its declared order, the orders its pages offer, `orderable`, and the bookkeeping columns. */
export function orderableFields(d: EntityDeclaration): Set<string> {
  const keys = [...d.ordering, ...(d.sorts ?? []).flatMap((s) => (s.ordering ? s.ordering.split(',') : []))].map((k) =>
    k.replace(/^-/, ''),
  );
  return new Set([...ALWAYS_ORDERABLE, ...keys, ...(d.orderable ?? [])]);
}

/** Who may write an entity's rows (`access`), as route access. */
export const writeAccess = (d: EntityDeclaration): readonly Role[] => d.access?.write ?? ['admin'];

/** A window whose end, when both ends are set, is not before its start (events, offers, an ad's active window). */
export const endsAfterStart =
  (start: string, end: string, message: string) =>
  (record: Record<string, unknown>): Record<string, string[]> | null => {
    const [from, to] = [record[start], record[end]].map((v) =>
      v === null || v === undefined || v === '' ? NaN : new Date(v as string).getTime(),
    );
    return from! > to! ? { [end]: [message] } : null;
  };
