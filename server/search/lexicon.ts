import { getTableColumns } from 'drizzle-orm';
import { siteEntities, type EntityName, type SiteDeclaration } from '../../src/lib/contract/index.ts';
import type { Lexicon, LexiconEntry } from '../../src/lib/shared/query-understanding.ts';
import type { Db } from '../db/index.ts';
import { contentMemo } from '../entities/content-memo.ts';
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

/** A synonym: a term and the other words meaning the same (the `synonym` entity, once it exists). */
export interface Synonym {
  term: string;
  words: readonly string[];
}

/**
 * The synonyms admins keep. The seam for the synonyms table (issue 24, helper search-words): until
 * it is in this branch the lexicon knows the names in the data and the declarations only.
 */
async function synonymsOf(_db: Db): Promise<Synonym[]> {
  return [];
}

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

/** The select filters whose field declares `optionNames` (a course's level): an entry per option. */
function optionEntries(kinds: SiteDeclaration[]): LexiconEntry[] {
  const entries = new Map<string, LexiconEntry>();
  for (const decl of kinds)
    for (const [filter, meta] of Object.entries(decl.filters ?? {})) {
      const field = meta.kind === 'select' ? decl.fields[meta.column] : undefined;
      if (field?.kind !== 'select' || !field.optionNames) continue;
      for (const option of field.options)
        entries.set(`${filter}:${option}`, {
          filter,
          value: option,
          label: field.optionLabels?.[option] ?? option.charAt(0).toUpperCase() + option.slice(1),
          names: [option, ...(field.optionNames[option] ?? [])],
        });
    }
  return [...entries.values()];
}

/** "scholarship", "scholarships": only that kind. */
const kindEntries = (kinds: SiteDeclaration[]): LexiconEntry[] =>
  kinds.map((d) => ({ filter: 'kind', value: d.name, label: `${d.plural} only`, names: [d.label, d.plural] }));

/** Each entry with the words of every synonym one of its names is the term of ("UK" for "United Kingdom"). */
function withSynonyms(entries: LexiconEntry[], synonyms: Synonym[]): LexiconEntry[] {
  if (synonyms.length === 0) return entries;
  const byTerm = new Map<string, string[]>();
  for (const s of synonyms) byTerm.set(s.term.toLowerCase(), [...(byTerm.get(s.term.toLowerCase()) ?? []), ...s.words]);
  return entries.map((e) => ({ ...e, names: [...e.names, ...e.names.flatMap((n) => byTerm.get(n.toLowerCase()) ?? [])] }));
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
  return { entries, prepKind };
}

/** The lexicon of the current content, built once per content version. */
export async function lexiconOf(db: Db): Promise<Lexicon> {
  const memo = await contentMemo(db);
  return memo('search:lexicon', () => buildLexicon(db));
}
