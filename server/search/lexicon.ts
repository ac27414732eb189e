import { getTableColumns } from 'drizzle-orm';
import { siteEntities, type EntityName, type SiteDeclaration } from '../../src/lib/contract/index.ts';
import type { Lexicon, LexiconEntry } from '../../src/lib/shared/query-understanding.ts';
import type { Db } from '../db/index.ts';
import { synonyms } from '../db/schema/index.ts';
import type { ContentMemo } from '../entities/content-memo.ts';
import { column } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';

/**
 * The chips whose values are rows of an entity: the chip's filter, the entity, and what the chip
 * says. A kind's list filters by such a chip through its own ref filter on that entity (a course's
 * `country`, a university's `destination`): routes read them from the declarations' filters.
 */
export const ROW_CHIPS: readonly { filter: string; entity: EntityName; label: (name: string) => string }[] = [
  { filter: 'country', entity: 'destination', label: (name) => `in ${name}` },
  { filter: 'discipline', entity: 'discipline', label: (name) => name },
  { filter: 'district', entity: 'district', label: (name) => `in ${name}` },
  { filter: 'exam', entity: 'exam', label: (name) => `prepares for ${name}` },
];

/** The kinds the site's search looks through: the declarations with `homeSearch`, in navigation order. */
export const searchKinds = (): SiteDeclaration[] => siteEntities().filter((d) => d.homeSearch);

/** A synonym group: a term and the other words meaning the same (the `synonym` entity admins keep). */
export interface Synonym {
  term: string;
  words: readonly string[];
}

/** The synonym groups, which give the lexicon's entries their other names ("UK" for United Kingdom, "MBA" for master). */
const synonymsOf = (db: Db): Promise<Synonym[]> => db.select({ term: synonyms.term, words: synonyms.words }).from(synonyms);

/** "Computer Science & IT" is also "computer science" and "it"; "Business & Management", "business". */
const nameParts = (name: string) => [name, ...(/[&/,]/.test(name) ? name.split(/\s*[&/,]\s*/).filter(Boolean) : [])];

/** Each row of `entity` as an entry: its title (and `alsoNamed` fields) as names. */
async function rowEntries(db: Db, chip: (typeof ROW_CHIPS)[number], alsoNamed: string[] = []): Promise<LexiconEntry[]> {
  const entity = serverEntity(chip.entity);
  const title = entity.decl.titleField;
  const columns = getTableColumns(entity.table);
  const named = [title, ...alsoNamed].filter((f) => f in columns);
  const select = Object.fromEntries([...named, 'id', 'slug'].filter((f) => f in columns).map((f) => [f, column(entity, f)]));
  const rows = await db.select(select).from(entity.table);
  return rows.map((row) => ({
    filter: chip.filter,
    value: String(row.slug ?? row.id),
    label: chip.label(String(row[title])),
    names: named.flatMap((f) => (typeof row[f] === 'string' && row[f] ? nameParts(row[f]) : [])),
  }));
}

/** The select filters the search `understood` (a course's level, intake month): an entry per option, named by the option. */
function optionEntries(kinds: SiteDeclaration[]): LexiconEntry[] {
  const entries = new Map<string, LexiconEntry>();
  for (const decl of kinds)
    for (const [filter, meta] of Object.entries(decl.filters ?? {})) {
      if (meta.kind !== 'select' || !meta.understood) continue;
      const field = decl.fields[meta.column];
      const labels = field?.kind === 'select' ? field.optionLabels : undefined;
      for (const option of meta.options)
        entries.set(`${filter}:${option}`, {
          filter,
          value: option,
          label: labels?.[option] ?? option.charAt(0).toUpperCase() + option.slice(1),
          names: [option],
        });
    }
  return [...entries.values()];
}

/** "scholarship", "scholarships": only that kind. */
const kindEntries = (kinds: SiteDeclaration[]): LexiconEntry[] =>
  kinds.map((d) => ({ filter: 'kind', value: d.name, label: `${d.plural} only`, names: [d.label, d.plural] }));

/** Each entry with every word of the synonym groups one of its names belongs to ("UK", "Britain" for United Kingdom). */
function withSynonyms(entries: LexiconEntry[], groups: Synonym[]): LexiconEntry[] {
  const byName = new Map<string, string[]>();
  for (const g of groups) {
    const members = [g.term, ...g.words];
    for (const m of members) byName.set(m.toLowerCase(), [...(byName.get(m.toLowerCase()) ?? []), ...members]);
  }
  return entries.map((e) => ({ ...e, names: [...new Set([...e.names, ...e.names.flatMap((n) => byName.get(n.toLowerCase()) ?? [])])] }));
}

async function buildLexicon(db: Db): Promise<Lexicon> {
  const kinds = searchKinds();
  const [rows, synonyms] = await Promise.all([
    Promise.all(ROW_CHIPS.map((chip) => rowEntries(db, chip, chip.entity === 'exam' ? ['full_name'] : []))),
    synonymsOf(db),
  ]);
  const entries = withSynonyms([...rows.flat(), ...optionEntries(kinds), ...kindEntries(kinds)], synonyms);
  // the kind that lists who prepares for an exam: the one with a filter on exams
  const prepKind = kinds.find((d) => Object.values(d.filters ?? {}).some((f) => f.kind === 'ref' && f.ref === 'exam'))?.name;
  const hints = new Map(kinds.flatMap((d) => (d.searchHints ?? []).map((word) => [word.toLowerCase(), d.name] as const)));
  return { entries, prepKind, hints };
}

/** The lexicon of the current content, built once per content version. */
export function lexiconOf(db: Db, memo: ContentMemo): Promise<Lexicon> {
  return memo('search:lexicon', () => buildLexicon(db));
}
