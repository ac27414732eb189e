import { z } from 'zod';
import type { EntityName } from './names.ts';

/**
 * Field metadata shared by the server (validation, routes), the console (forms, list columns) and
 * the pages (types). Every widget kind maps to one zod type that accepts both JSON bodies and the
 * multipart text the client of SPEC §5 sends ('true'/'false', lists as JSON text).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'html'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'url'
  | 'email'
  | 'select'
  | 'ref'
  | 'refs'
  | 'tags'
  | 'faqs'
  | 'image'
  | 'file';

/** Options every field kind takes. */
interface CommonMeta {
  label: string;
  required?: boolean;
  /** a fact a student decides by: the detail page states it on its first screen, above the description (in field order) */
  keyFact?: boolean;
  /** shown as a column in the console list */
  column?: boolean;
  /** a code read and typed as one word (a tracking code, "C-33ZYTS"): a table never breaks it at its hyphens */
  unbroken?: boolean;
  /** only an admin may set it; an institution editing its own profile never can */
  adminOnly?: boolean;
  /** the platform's bookkeeping (list priority, claimed flag): never shown on public pages */
  internal?: boolean;
  /**
   * worked out by the server at read time from other records, never written nor stored (a consultancy's
   * moe_certified follows its licence): what it follows, for the message refusing a write
   */
  derived?: string;
  /** what cards and pages say when there is no value, or a count of 0 ("No complaints in the last 12 months") */
  none?: string;
  /** a figure cards state; the detail page and the comparison say it in a section of their own (reviews, complaint record) */
  cardOnly?: boolean;
  /** the owner's own words (a consultancy's highlights): pages show it as what it says of itself, apart from what we checked */
  selfDescribed?: boolean;
  help?: string;
}

/** Text shown on cards and in meta descriptions. */
interface SummaryOptions {
  /** what cards and meta descriptions say of a row: the field with text and the lowest number */
  summary?: number;
  /** the line under the title of the detail page (an excerpt), not a fact */
  lead?: boolean;
}

/**
 * The options each kind takes beyond the common ones; `F` names the declaration's fields, so an
 * option naming a field (`currency`, `listedOn.note`) must name one of them.
 */
interface KindOptions<F extends string> {
  /** `max`: the longest text, and the column's width (default 200) */
  text: SummaryOptions & {
    max?: number;
    /** a two-letter country code (ISO 3166-1) whose flag (from flag-icons, copied at build time to /flags/) pictures the row */
    flag?: boolean;
    /** the starting value in a new record's form, and the column's */
    default?: string;
  };
  /** `max`: the longest text; with it the column is that wide, without it unbounded */
  textarea: SummaryOptions & { max?: number };
  html: Pick<SummaryOptions, 'summary'> & { max?: number };
  url: object;
  email: object;
  number: {
    min?: number;
    max?: number;
    /** the starting value in a new record's form, and the column's (a column with one is never empty) */
    default?: number;
    /** an amount of money in the currency named by this field of the row ("JPY 3,308,100") */
    currency?: F;
    /** digits allowed after the point (an exchange rate); whole numbers without it */
    decimals?: number;
    /** the value must be a multiple of it (an IELTS band: 0.5) */
    step?: number;
    /** a rank, shown as "#12" */
    rank?: boolean;
    /** a year, shown as 2026, not 2,026 */
    year?: boolean;
    /** what is counted, singular and plural ("48 months") */
    unit?: readonly [one: string, other: string];
    /** a mean rating out of 5, stated with the count in this field ("4.3 from 12 reviews") */
    ratingCount?: F;
  };
  boolean: {
    /** the starting value in a new record's form, and the column's (default false) */
    default?: boolean;
    /** a badge named by the label on cards and pages ('ok' in green), never a fact */
    badge?: 'ok' | 'plain';
    /** badge fields: the part of /how-we-verify/ that explains the badge (default: the field name) */
    explainedAt?: string;
    /** badge fields: the warning badge a row gets when the value is false ("No licence on record"), in the amber tone, never silence */
    badgeMissing?: string;
    /** badge fields with `holdsUntil`: the badge once that date has passed ("Licence expired"), in the red tone */
    badgeLapsed?: string;
    /**
     * badge fields: the row's date (a dotted path, 'licence.expires_on') after which the badge no longer holds;
     * pages drop it on that day even without a rebuild
     */
    holdsUntil?: string;
  };
  date: object;
  /** `dateOnly`: the time of day means nothing to a reader (a post's publication): the date only */
  datetime: { dateOnly?: boolean };
  select: {
    options: readonly string[];
    /** how each option reads ("listed": "Recognised") */
    optionLabels?: Readonly<Record<string, string>>;
    /** the longest option the column holds (default 20) */
    max?: number;
    /** the starting value in a new record's form, and the column's */
    default?: string;
  };
  ref: {
    /** the entity whose dropdown feeds the widget */
    ref: EntityName;
    /**
     * the referred row's page lists the rows that refer to it ("Courses" on a university), under
     * `heading` (default: this entity's plural), each with the value of `note` (a field), after `notePrefix`
     */
    listedOn?: { heading?: string; note?: F; notePrefix?: string };
    /** search results name the referred row (a course's university), and what that row names in turn (its country) */
    namedInResults?: boolean;
    /** what deleting the referred row does to this one: its value is emptied (the default), or the row goes with it */
    onDelete?: 'set null' | 'cascade';
    /** false: no index of its own (every other ref has one, for deletes and filters) */
    index?: false;
    /**
     * search finds the row by the referred row's names and places (its search weights A and B), and
     * by what finds that row in turn: a course by its university's name and city and the university's
     * country (server/db/search-triggers.ts keeps them current)
     */
    foundBy?: true;
  };
  refs: {
    ref: EntityName;
    /** search finds the row by each referred row's names and places, as a ref's `foundBy` */
    foundBy?: true;
  };
  /** `max`: the longest tag */
  tags: { max?: number };
  faqs: object;
  image: {
    /** the picture of the row on cards and pages: a small square (logo, icon, flag), the wide cover, or either */
    picture?: 'small' | 'cover' | 'both';
    /** a list of images (a gallery); new files are added, those listed in `removedBy` removed */
    multiple?: boolean;
    /** multiple: the form field that lists images to remove, when not `deleted_<field>` (SPEC names the consultancy's) */
    removedBy?: string;
    /**
     * the server's copy of that field's upload at twice its fixed size, for screens of 2x density and
     * more; kept only when the upload is that large (never enlarged), never sent by a form
     */
    doubleOf?: F;
  };
  file: {
    /** accepted documents (image fields always take images only) */
    accept?: 'image' | 'pdf' | 'document';
    /** a personal file behind an authenticated API route (the value is that route, or a list of {url, original_name}) */
    private?: boolean;
  };
}

type OptionName = { [K in FieldKind]: keyof KindOptions<string>[K] }[FieldKind];

/**
 * One field's metadata: its kind and the options that kind takes. An option of another kind does
 * not type-check (`currency` on a text field, `options` on a number), rather than be silently ignored.
 */
export type FieldMeta<F extends string = string> = {
  [K in FieldKind]: CommonMeta & { kind: K } & KindOptions<F>[K] & { [O in Exclude<OptionName, keyof KindOptions<F>[K]>]?: never };
}[FieldKind];

/** The metadata of one kind of field. */
export type FieldOf<K extends FieldKind, F extends string = string> = Extract<FieldMeta<F>, { kind: K }>;

export const FILE_KINDS: FieldKind[] = ['image', 'file'];

/** The form field that lists the images to remove from a `multiple` image field. */
export const removalField = (name: string, meta: FieldMeta) => meta.removedBy ?? `deleted_${name}`;

/** The `multiple` image fields of a declaration, with their removal fields. */
export const imageLists = (fields: Record<string, FieldMeta>) =>
  Object.entries(fields).flatMap(([name, meta]) =>
    meta.kind === 'image' && meta.multiple ? [{ name, meta, removedBy: removalField(name, meta) }] : [],
  );

const emptyToUndefined = (v: unknown) => (v === '' || v === null || v === 'null' || v === 'undefined' ? undefined : v);

/** Lists arrive as arrays (JSON) or as JSON text (multipart); one item alone is accepted too. */
const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return [];
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s);
    } catch {
      return v; // left as text: the array check below reports it
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
};

const boolText = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Must be true or false' }));
const intText = (min = 0, max = 2_147_483_647) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(min).max(max),
  );

/** A number with at most `decimals` digits after the point (an exchange rate, 88.1234). */
const decimalText = (decimals: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: 'Must be a number' })
      .min(min)
      .max(max)
      .refine(
        (n) => Number.isFinite(n) && Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6,
        `At most ${decimals} digits after the point`,
      ),
  );

export const idSchema = intText(1);

export function zodForField(meta: FieldMeta): z.ZodType {
  const max = meta.max;
  switch (meta.kind) {
    case 'text':
      return z
        .string()
        .trim()
        .max(max ?? 200);
    case 'textarea':
      return z
        .string()
        .trim()
        .max(max ?? 5000);
    case 'html':
      return z.string().max(max ?? 200_000);
    case 'url':
      return z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Must be a web address (https://...)' }).max(2000)]);
    case 'email':
      return z.union([z.literal(''), z.email('Must be an email address').max(254)]);
    case 'number': {
      const n = meta.decimals ? decimalText(meta.decimals, meta.min ?? 0, meta.max) : intText(meta.min ?? 0, meta.max);
      const step = meta.step;
      return step ? n.refine((v) => Number.isInteger(Math.round((v / step) * 1e6) / 1e6), `Must be in steps of ${step}`) : n;
    }
    case 'boolean':
      return boolText;
    case 'date':
      return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
        .refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a real date');
    case 'datetime':
      return z
        .string()
        .max(40)
        .refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a date and time')
        .transform((s) => new Date(s).toISOString());
    case 'select':
      return z.enum(meta.options as [string, ...string[]]);
    case 'ref':
      return idSchema;
    case 'refs':
      return z.preprocess(jsonList, z.array(idSchema).max(500));
    case 'tags':
      return z.preprocess(
        jsonList,
        z
          .array(
            z
              .string()
              .trim()
              .min(1)
              .max(max ?? 300),
          )
          .max(100),
      );
    case 'faqs':
      return z.preprocess(
        (v) => (typeof v === 'string' ? jsonList(v) : v),
        z.array(z.object({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(5000) })).max(100),
      );
    case 'image':
    case 'file':
      return z.string().max(2000);
  }
}

/**
 * The body schema for create (required fields required) or update (everything optional).
 * Empty values of optional fields are dropped (SPEC §5: empty establishment_date and priority are
 * omitted; null, 'null' and undefined dropped for course) so they never overwrite stored data.
 * Unknown fields are refused, so a typo is an error and not a silent no-op.
 */
export function bodySchema(
  fields: Record<string, FieldMeta>,
  mode: 'create' | 'update',
  options: { omit?: (meta: FieldMeta) => boolean } = {},
) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, meta] of Object.entries(fields)) {
    if (FILE_KINDS.includes(meta.kind) || options.omit?.(meta)) continue;
    if (meta.derived) {
      shape[name] = z.never({ error: `Follows ${meta.derived}; it cannot be set by hand.` }).optional();
      continue;
    }
    const base = zodForField(meta);
    const keepEmpty =
      meta.kind === 'text' || meta.kind === 'textarea' || meta.kind === 'html' || meta.kind === 'url' || meta.kind === 'email';
    const nonEmpty = meta.required && keepEmpty ? base.pipe(z.string().min(1, 'This field is required')) : base;
    if (meta.required) {
      shape[name] = mode === 'create' ? nonEmpty : nonEmpty.optional();
    } else if (keepEmpty) {
      shape[name] = z.preprocess((v) => (v === null || v === 'null' ? undefined : v), base.optional());
    } else {
      shape[name] = z.preprocess(emptyToUndefined, base.optional());
    }
  }
  return z.strictObject(shape);
}

/** Fields the server fills and no form sends: derived values, the 2x copies of uploads. */
export const setByServer = (meta: FieldMeta) => Boolean(meta.derived || meta.doubleOf);

/** The fields a form writes: all but those the server sets. */
export const writableFields = (fields: Record<string, FieldMeta>): Record<string, FieldMeta> =>
  Object.fromEntries(Object.entries(fields).filter(([, m]) => !setByServer(m)));

export const dropdownItem = z.object({ id: z.number(), value: z.number(), label: z.string(), slug: z.string().optional() });
