import { z } from 'zod';
import type { EntityDeclaration } from './entity.ts';
import type { FieldKind, FieldMeta } from './fields.ts';

/**
 * Each content entity's row as the API answers it, derived from its declaration: the declared
 * fields by kind, the columns every row has (id, slug, timestamps, the confirmed-on day), and the
 * values the server computes when it reads a row. The route's response schema is built from it,
 * so what a row carries is stated once, here, and typed for the clients as Row<D>.
 */

const timestamp = z.string().describe('timestamp with time zone');
const day = z.iso.date();
const fileUrl = z.string().describe('URL of the stored file');

/** One field's value by its kind; a field without `required` may be null. */
const VALUES = {
  text: z.string(),
  textarea: z.string(),
  html: z.string(),
  email: z.string(),
  url: z.string(),
  // an optional select may hold '' (no choice), so not its options' enum
  select: z.string(),
  number: z.number(),
  ref: z.number().int(),
  boolean: z.boolean(),
  date: day,
  datetime: timestamp,
  refs: z.array(z.number().int()),
  tags: z.array(z.string()),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  image: fileUrl,
  file: fileUrl,
} satisfies Record<FieldKind, z.ZodType>;

type Values = typeof VALUES;

/** The TypeScript value of a field of kind K (a multiple image field: its URLs). */
type ValueOf<M> = M extends { kind: 'image'; multiple: true }
  ? string[]
  : M extends { kind: infer K extends FieldKind }
    ? K extends 'refs' | 'tags' | 'faqs' | 'boolean' | 'text' | 'textarea' | 'html' | 'email' | 'url' | 'select'
      ? z.output<Values[K]>
      : M extends { required: true }
        ? z.output<Values[K]>
        : z.output<Values[K]> | null
    : never;

const LISTS: FieldKind[] = ['refs', 'tags', 'faqs'];

const TEXTS: FieldKind[] = ['text', 'textarea', 'html', 'email', 'url', 'select'];

/** Whether a field's value is never null by the declaration alone: text is '' when empty, lists [] and booleans false. */
export const neverNull = (meta: FieldMeta) =>
  TEXTS.includes(meta.kind) ||
  LISTS.includes(meta.kind) ||
  meta.kind === 'boolean' ||
  (meta.kind === 'image' && Boolean(meta.multiple)) ||
  Boolean(meta.required);

/** The zod type of one field's value in a row; `notNull` (the column's, when known) overrides the declaration's guess. */
export function rowValue(meta: FieldMeta, notNull = neverNull(meta)): z.ZodType {
  const value: z.ZodType =
    meta.kind === 'image' && meta.multiple
      ? z.array(fileUrl)
      : meta.kind === 'number' && !meta.decimals
        ? z.number().int()
        : VALUES[meta.kind];
  const described = value.describe(meta.help ? `${meta.label}. ${meta.help}` : meta.label);
  return notNull ? described : described.nullable();
}

const rupees = (of: string) =>
  z
    .number()
    .nullable()
    .describe(`${of} in Nepali rupees at the newest exchange rate of its currency (null: no amount, or no rate for its currency)`);

/** What the public pages know of a consultancy's licence (licences.ts PublicLicence). */
export const publicLicence = z
  .object({
    permission_number: z.string(),
    issuing_office: z.string(),
    issued_on: day,
    expires_on: day,
    association: z.string(),
    association_number: z.string(),
    // null only for a licence stored as verified without a review (fixtures): PublicLicence says a string
    checked_on: day.nullable().describe('When we verified it (Nepal date)'),
  })
  .nullable()
  .describe('The verified licence that runs longest; null: none on record; expired when expires_on has passed in Nepal');

/** Values the server computes when it reads a row and the declaration does not declare (server/entities/registry.ts computed). */
export const COMPUTED_VALUES = {
  fee_npr: rupees('The yearly fee'),
  funds_npr: rupees('The funds to show'),
  tuition_min_npr: rupees('The lowest yearly tuition'),
  amount_npr: rupees('The amount in figures'),
  promotable: z
    .boolean()
    .describe('Verified by us and licensed (a verified, unexpired licence): only such a consultancy is featured or promoted'),
  licence: publicLicence,
};
export type ComputedValue = keyof typeof COMPUTED_VALUES;

/** A computed value's schema; one the server adds without a schema here would leave its answers undescribed, so it stops the start. */
function computedValue(decl: EntityDeclaration, name: string): z.ZodType {
  if (!Object.hasOwn(COMPUTED_VALUES, name))
    throw new Error(`${decl.name} computes ${name}, which COMPUTED_VALUES in rows.ts does not describe`);
  return COMPUTED_VALUES[name as ComputedValue];
}

/** The columns of every row that the declaration does not list. */
const common = (decl: EntityDeclaration) => ({
  id: z.number().int(),
  ...(decl.confirmed
    ? { facts_checked_on: day.nullable().describe(`When ${decl.confirmed.join(', ')} were last confirmed as correct`) }
    : {}),
  created_at: timestamp.describe('Created'),
  updated_at: timestamp.describe('Last changed'),
});

export interface RowOptions {
  /** the table has a slug column */
  slug: boolean;
  /** the computed values a row carries beyond its declared fields (the server registry's) */
  computed: string[];
  /** whether a field's column refuses null (the table's answer, where the declaration has none: a default, a nullable required ref) */
  notNull?: (name: string) => boolean | undefined;
}

/** The zod schema of a row of `decl`: its declared fields, the common columns, and the computed values. */
export function rowSchema(decl: EntityDeclaration, options: RowOptions) {
  const fields = Object.fromEntries(
    Object.entries(decl.fields).map(([name, meta]) => [name, rowValue(meta, options.notNull?.(name) ?? neverNull(meta))]),
  );
  const computed = Object.fromEntries(
    options.computed.filter((name) => !(name in decl.fields)).map((name) => [name, computedValue(decl, name)]),
  );
  return z.object({ ...common(decl), ...(options.slug ? { slug: z.string() } : {}), ...fields, ...computed }).describe(decl.label);
}

/** A row of a declaration as the API answers it (the computed values beyond the declaration are optional here). */
export type Row<D extends EntityDeclaration> = { id: number; slug?: string; created_at: string; updated_at: string } & {
  -readonly [K in keyof D['fields']]: ValueOf<D['fields'][K]>;
} & Partial<{
    [K in ComputedValue]: z.output<(typeof COMPUTED_VALUES)[K]>;
  }>;

/** The names of the rows a row's ref fields point to, as a detail answers them. */
export const relatedItem = z.object({ id: z.number().int(), label: z.string(), slug: z.string().nullable() });
export type RelatedItem = z.infer<typeof relatedItem>;

export function detailSchema(decl: EntityDeclaration, options: RowOptions) {
  const refs = Object.entries(decl.fields).filter(([, meta]) => meta.kind === 'ref' || meta.kind === 'refs');
  const related = z
    .object(Object.fromEntries(refs.map(([name]) => [name, z.array(relatedItem)])))
    .describe('Names of the rows the ref fields point to, per field');
  return rowSchema(decl, options).extend({ related });
}
