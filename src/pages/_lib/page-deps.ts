/**
 * What a pre-rendered entity page depends on, derived from its declaration, and the page's cacheKey
 * made from it. A data-only rebuild (server/site/render.ts) renders a page again exactly when its
 * key changed, so everything a page shows must be in its key; a getStaticPaths lists none of it by
 * hand. A key holds:
 * - the props the page is given (whatever its loaders computed: rows listed on it, a record, an estimate);
 * - the rows it shows, whole;
 * - what its declaration makes it show besides (`dependenciesOf`): the title and slug of every row its
 *   ref and refs fields name, what a named ref names in turn, and the register of the country named
 *   by `recognition.via` (shownRefs); whether each row has ended (`ends`) or its confirmed facts are
 *   stale (`confirmed`), which move with the day; the exchange rates when it shows amounts; and on a
 *   list's first page, its filters' options (the rows of every entity a filter refers to).
 */
import { declarationOf, entities, type EntityDeclaration, type EntityName, type FieldMeta } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { CHECKED_ON, staleAt } from '../../lib/shared/checked.ts';
import { keptIn } from '../../lib/shared/kept.ts';
import { currencyFields, digest, endOf, listFilters, ratesFor, shownRefs } from './content.ts';

export interface Dependencies {
  /** the entities whose rows a page of the declaration can show: its own, and those its refs and filters name */
  entities: Set<string>;
  /** rows end (`ends`): whether one has ended changes with the day */
  ends: boolean;
  /** confirmed facts go stale (`confirmed`) with the day */
  confirmed: boolean;
  /** it shows amounts: the exchange rates */
  rates: boolean;
}

const isEntity = (name: string | undefined): name is EntityName => name !== undefined && name in entities;
const refOf = (meta: FieldMeta): EntityName[] => ((meta.kind === 'ref' || meta.kind === 'refs') && isEntity(meta.ref) ? [meta.ref] : []);
/** a ref field whose row search results name (a course's university), and what that row names in turn (its country) */
const namedRefOf = (meta: FieldMeta): EntityName[] => (meta.kind === 'ref' && meta.namedInResults && isEntity(meta.ref) ? [meta.ref] : []);

/** The entities the declaration refers to: ref and refs fields, what a named ref names in turn, the filters' entities. */
function referredEntities(decl: EntityDeclaration): string[] {
  const fields = Object.values(decl.fields);
  const named = fields.flatMap(namedRefOf).flatMap((name) => Object.values(declarationOf(name).fields).flatMap(namedRefOf));
  const filters = Object.values(decl.filters ?? {}).flatMap((f) => [f.ref, f.through?.entity].filter(isEntity));
  return [...fields.flatMap(refOf), ...named, ...filters];
}

const dependencies = new WeakMap<EntityDeclaration, Readonly<Dependencies>>();
/** What pages of `decl` depend on besides the props they are given (worked out once per declaration: every page's key asks). */
export function dependenciesOf(decl: EntityDeclaration): Readonly<Dependencies> {
  return keptIn(dependencies, decl, () => {
    const rates = currencyFields(decl).size > 0;
    return {
      entities: new Set([decl.name, ...referredEntities(decl), ...(rates ? ['exchangeRate'] : [])]),
      ends: Boolean(decl.ends),
      confirmed: Boolean(decl.confirmed?.length),
      rates,
    };
  });
}

/**
 * The cacheKey of a page of `decl` showing `shown` and given `props`; `filters`: the page shows the
 * list's filters (a list's first page).
 */
export async function pageKey(decl: EntityDeclaration, shown: Row[], props: unknown, { filters = false } = {}): Promise<string> {
  const deps = dependenciesOf(decl);
  const now = Date.now();
  return digest([
    props,
    shown,
    deps.ends ? shown.map((row) => endOf(decl, row, now)?.ended) : null,
    deps.confirmed ? shown.map((row) => (staleAt(row[CHECKED_ON]) ?? Infinity) < now) : null,
    await shownRefs(decl, shown),
    deps.rates ? await ratesFor(decl) : null,
    filters ? await listFilters(decl) : null,
  ]);
}
