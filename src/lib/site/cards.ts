/**
 * How a row reads on a card and in a page's facts, from its declaration's field options: title,
 * link, picture, summary, badges, short facts, whether it has ended. Pure, with type-only imports of
 * the contract, so the static pages and the list island render the same card from the same rules
 * (the island gets a `CardDeclaration`, the few fields a card reads, not every declaration).
 */
import type { EntityDeclaration, FieldMeta } from '../contract/index.ts';
import { countOf, formatDate, formatNumber } from '../format.ts';
import { endsAt } from '../shared/ended.ts';
import { keptIn } from '../shared/kept.ts';
import { closesText } from './closing.ts';
import { formatMoneyWithRupees, type Rates } from './money.ts';
import { explained } from './trust.ts';

import type { Row } from '../shared/row-link.ts';
export type { Row };
export type RefMaps = Record<string, Map<number, Row>>;

/** What a card reads of a declaration; a whole declaration is one too. */
export type CardDeclaration = Pick<
  EntityDeclaration,
  'name' | 'label' | 'titleField' | 'sitePath' | 'fields' | 'ends' | 'shortlist' | 'entryRequirements' | 'card'
>;

import { hrefOf, keyOf, titleOf } from '../shared/row-link.ts';
export { hrefOf, keyOf, titleOf };
export const refTitle = (row: Row | undefined) => (row ? String(row.name ?? row.title ?? row.label ?? `#${row.id}`) : '');

/** When a row of a declaration with `ends` ends, and whether it had by `now`. */
export function endOf(decl: Pick<EntityDeclaration, 'ends'>, row: Row, now = Date.now()): { at: number; ended: boolean } | null {
  const at = decl.ends ? endsAt(row[decl.ends.field]) : null;
  return at === null ? null : { at, ended: at < now };
}

/** The picture of a row (`picture` fields): the small one (logo, icon, flag) or the cover, else the other. */
export function imageOf(decl: CardDeclaration, row: Row, prefer: 'small' | 'cover' = 'small'): string | undefined {
  const pictures = Object.entries(decl.fields).filter(([, meta]) => meta.picture);
  const rank = (picture: string | undefined) => (picture === prefer || picture === 'both' ? 0 : 1);
  const [found] = pictures
    .filter(([name]) => typeof row[name] === 'string' && row[name])
    .sort(([, a], [, b]) => rank(a.picture) - rank(b.picture));
  return found ? (row[found[0]] as string) : undefined;
}

/** The address of a row's flag (`flag` fields with a two-letter code), copied from flag-icons at build time (src/pages/flags/). */
export function flagOf(decl: CardDeclaration, row: Row): string | undefined {
  const code = Object.entries(decl.fields)
    .map(([name, meta]) => (meta.flag ? row[name] : undefined))
    .find((v) => typeof v === 'string' && /^[a-z]{2}$/i.test(v));
  return code ? `/flags/${(code as string).toLowerCase()}.svg` : undefined;
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A one-line summary for cards and meta descriptions: the first `summary` field with text. */
export function summaryOf(decl: CardDeclaration, row: Row, max = 160): string {
  const fields = Object.entries(decl.fields)
    .filter(([, meta]) => meta.summary !== undefined)
    .sort(([, a], [, b]) => a.summary! - b.summary!);
  for (const [f] of fields) {
    const v = row[f];
    if (typeof v === 'string' && v.trim()) {
      const text = stripTags(v);
      return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
    }
  }
  return '';
}

/** The detail page's lead: the first `lead` field with text. */
export const leadOf = (decl: CardDeclaration, row: Row) =>
  Object.entries(decl.fields).flatMap(([name, meta]) =>
    meta.lead && typeof row[name] === 'string' && row[name] ? [row[name] as string] : [],
  )[0] ?? '';

/** The value at a dotted path of a row ('licence.expires_on'). */
const valueAt = (row: Row, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);

/** How a badge reads: checked (green), plain, a warning (amber: nothing on record) or lapsed (red: it no longer holds). */
export type BadgeTone = 'ok' | 'plain' | 'warn' | 'lapsed';

export interface Badge {
  label: string;
  tone: BadgeTone;
  /** what the badge means and how we check it (src/lib/site/trust.ts) */
  href: string;
  /** `holdsUntil`: the moment it stops holding, for the browser to drop it then (ended.ts) */
  until?: number;
  /** `badgeLapsed`: what the browser shows in its place from `until` on */
  lapsed?: string;
}

/**
 * The badges a row shows, as label, tone and explanation: `badge` fields that are true and still
 * hold at `now`; in their place, when declared, the lapsed badge (a licence that expired) or the
 * missing one (no licence on record), so a card never says nothing where it should warn.
 */
export const badgesOf = (decl: CardDeclaration, row: Row, now = Date.now()): Badge[] =>
  Object.entries(decl.fields).flatMap(([name, meta]): Badge[] => {
    if (!meta.badge) return [];
    const href = explained(meta.explainedAt ?? name);
    const until = meta.holdsUntil ? (endsAt(valueAt(row, meta.holdsUntil)) ?? undefined) : undefined;
    if (row[name] === true && (until === undefined || until >= now)) {
      return [
        {
          label: meta.label,
          tone: meta.badge,
          href,
          ...(until !== undefined ? { until } : {}),
          ...(until !== undefined && meta.badgeLapsed ? { lapsed: meta.badgeLapsed } : {}),
        },
      ];
    }
    if (until !== undefined && until < now && meta.badgeLapsed) return [{ label: meta.badgeLapsed, tone: 'lapsed', href }];
    return meta.badgeMissing ? [{ label: meta.badgeMissing, tone: 'warn', href }] : [];
  });

/** The classes of a badge of each tone: the amber and red ones are as visible as a warning is. */
export const BADGE_CLASSES: Record<BadgeTone, string> = { ok: 'badge ok', plain: 'badge', warn: 'badge warn', lapsed: 'badge lapsed' };

const currencyFieldsOf = new WeakMap<CardDeclaration, ReadonlySet<string>>();
/** Fields that only name another field's currency: shown with that amount, never on their own (worked out once per declaration). */
export const currencyFields = (decl: CardDeclaration): ReadonlySet<string> =>
  keptIn(currencyFieldsOf, decl, () => new Set(Object.values(decl.fields).flatMap((meta) => (meta.currency ? [meta.currency] : []))));

/**
 * The fields a card states as facts: the declaration's `card`, in its order; else its list columns
 * that are plain values (the first three with a value are shown).
 */
export function factFields(decl: CardDeclaration): [string, FieldMeta][] {
  if (decl.card) return decl.card.map((name) => [name, decl.fields[name]!]);
  const currencies = currencyFields(decl);
  // flags show as badges, a country code as its flag, bookkeeping not at all
  return Object.entries(decl.fields).filter(
    ([name, meta]) =>
      meta.column && name !== decl.titleField && !meta.internal && !meta.flag && meta.kind !== 'boolean' && !currencies.has(name),
  );
}

/**
 * A ref fact with the row that row names in turn, when the maps hold it (keyed
 * "university_id.destination_id"): a course's card says "Kyoto University, Japan".
 */
function refFact(name: string, value: unknown, refs: RefMaps): string {
  const ref = refs[name]?.get(Number(value));
  const nested = Object.keys(refs).find((key) => key.startsWith(`${name}.`));
  const inner = nested && ref ? refs[nested]!.get(Number(ref[nested.slice(name.length + 1)])) : undefined;
  return [refTitle(ref), refTitle(inner)].filter(Boolean).join(', ');
}

/** One fact of a card; a bare "#12", "3,308,100" or "February, July" needs its label to stand alone. */
function factText(name: string, meta: FieldMeta, row: Row, refs: RefMaps, rates?: Rates): string {
  const text =
    meta.kind === 'ref' && row[name] != null ? refFact(name, row[name], refs) : formatValue(meta, row[name], refs[name], row, rates);
  return text && (meta.rank || meta.currency || meta.kind === 'tags') && text !== meta.none ? `${meta.label} ${text}` : text;
}

/** Short facts for a card (amounts with rupees at `rates`): every `card` fact, else the first three list columns with a value. */
export function cardFacts(decl: CardDeclaration, row: Row, refs: RefMaps, rates?: Rates): string[] {
  const out = factFields(decl).flatMap(([name, meta]) => factText(name, meta, row, refs, rates) || []);
  return decl.card ? out : out.slice(0, 3);
}

/** The facts a glance reads: where a row belongs (a course's university and country, `namedInResults`) and what it costs; else its first facts. */
function glanceFields(decl: CardDeclaration): [string, FieldMeta][] {
  const fields = factFields(decl);
  const named = fields.filter(([, meta]) => meta.kind === 'ref' && meta.namedInResults);
  const priced = fields.filter(([, meta]) => meta.currency);
  return named.length + priced.length ? [...named, ...priced] : fields.slice(0, 3);
}

/** A glance at a search result (the home search): at most two facts, where it belongs, then what it costs. */
export const glanceFacts = (decl: CardDeclaration, row: Row, refs: RefMaps, rates?: Rates): string[] =>
  glanceFields(decl)
    .flatMap(([name, meta]) => factText(name, meta, row, refs, rates) || [])
    .slice(0, 2);

/** What a glance reads of a declaration: the home page hands its search these, a few fields each instead of a card's. */
export function glanceDeclaration(decl: CardDeclaration): CardDeclaration {
  const fields = glanceFields(decl);
  return {
    name: decl.name,
    label: decl.label,
    titleField: decl.titleField,
    sitePath: decl.sitePath,
    card: fields.map(([name]) => name),
    fields: Object.fromEntries(fields),
  };
}

/** One plain-text rendering of a field value, by its declared kind and options; amounts of money with rupees beside them at `rates`. */
export function formatValue(meta: FieldMeta, value: unknown, refMap?: Map<number, Row>, row?: Row, rates?: Rates): string {
  if (value === null || value === undefined || value === '' || (value === 0 && meta.none)) return meta.none ?? '';
  switch (meta.kind) {
    case 'boolean':
      return value ? meta.label : '';
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDate(value, { time: !meta.dateOnly });
    case 'ref':
      return refTitle(refMap?.get(Number(value)));
    case 'refs':
      return Array.isArray(value)
        ? value
            .map((v) => refTitle(refMap?.get(Number(v))))
            .filter(Boolean)
            .join(', ')
        : '';
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'number':
      if (typeof value !== 'number' || meta.year) return String(value);
      if (meta.ratingCount) return `Rated ${value.toFixed(1)} of 5 from ${countOf(Number(row?.[meta.ratingCount] ?? 0), 'review')}`;
      if (meta.rank) return `#${formatNumber(value)}`;
      if (meta.currency) return formatMoneyWithRupees(value, row?.[meta.currency], rates);
      if (meta.unit) return countOf(value, ...meta.unit);
      return formatNumber(value);
    case 'select':
      return meta.optionLabels?.[String(value)] ?? String(value).charAt(0).toUpperCase() + String(value).slice(1);
    case 'text':
    case 'email':
    case 'url':
    case 'textarea':
      return String(value);
    default:
      return '';
  }
}

/** Everything a card shows of a row, decided once for the static list and the live results. */
export function cardOf(decl: CardDeclaration, row: Row, refs: RefMaps, now = Date.now(), rates?: Rates) {
  const facts = cardFacts(decl, row, refs, rates);
  return {
    href: hrefOf(decl, row),
    title: titleOf(decl, row),
    image: imageOf(decl, row),
    flag: flagOf(decl, row),
    text: facts.length ? facts.join(' · ') : summaryOf(decl, row, 110),
    badges: badgesOf(decl, row, now),
    end: endOf(decl, row, now),
    endBadge: decl.ends?.badge,
    /** the Save button's `data-save`, when rows of this kind can be saved to the shortlist */
    save: decl.shortlist ? `${decl.name}:${row.id}` : undefined,
    /** "Closes in 12 days", while it is near */
    closes: ((end) => (end && !end.ended ? closesText(end.at, now) : null))(endOf(decl, row, now)),
  };
}

/**
 * The part of a declaration a card reads (title, link, pictures, summary, badges, facts and the
 * currencies they name, `ends`): what a list page hands its island, a few hundred bytes.
 */
export function cardDeclaration(decl: EntityDeclaration): CardDeclaration {
  const facts = new Set(factFields(decl).map(([name]) => name));
  const currencies = currencyFields(decl);
  const counts = new Set(factFields(decl).flatMap(([, meta]) => (meta.ratingCount ? [meta.ratingCount] : [])));
  const keep = ([name, meta]: [string, FieldMeta]) =>
    facts.has(name) || currencies.has(name) || counts.has(name) || meta.picture || meta.flag || meta.summary !== undefined || meta.badge;
  const fields = Object.fromEntries(
    Object.entries(decl.fields)
      .filter(keep)
      .map(([name, { help: _help, max: _max, min: _min, listedOn: _listedOn, ...meta }]) => [name, meta]),
  ) as Record<string, FieldMeta>;
  return {
    name: decl.name,
    label: decl.label,
    titleField: decl.titleField,
    sitePath: decl.sitePath,
    ends: decl.ends,
    shortlist: decl.shortlist,
    entryRequirements: decl.entryRequirements,
    card: decl.card,
    fields,
  };
}
