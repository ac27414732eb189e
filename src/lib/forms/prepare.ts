import { FILE_KINDS, imageLists, setByServer, type FieldMeta } from '../contract/fields.ts';

/**
 * SPEC §5: how a console form's values become a request body. Pure functions, driven by the entity
 * declaration's field metadata, so one set of rules serves every entity:
 *
 * - moe_certified and verified (every boolean field): the text 'true' becomes a boolean (a
 *   consultancy's moe_certified follows its licence and is never sent: `derived`);
 * - empty establishment_date and priority (every empty value of a non-text field) are omitted;
 * - list fields are sent as JSON text (multipart);
 * - null, 'null' and undefined are dropped (course, and every other entity alike);
 * - image files (icon, cover_image, country_logo, cover_page, every file field) are sent on update
 *   only when a new file was chosen;
 * - an empty removal list of an image list (deleted_gallery_images) is omitted; new files of an
 *   image list (gallery) go under its name, several times;
 * - multi-selects (event's targeted_destinations, related_universities, related_consultancies)
 *   are merged into one JSON list each.
 */

export type Mode = 'create' | 'update';
export type FormValues = Record<string, unknown>;

/** The multi-select fields of an event (SPEC §3). */
export const EVENT_MULTI_SELECTS = ['targeted_destinations', 'related_universities', 'related_consultancies'] as const;

const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/** null, 'null' and undefined are never sent. */
export const isNullish = (v: unknown): boolean => v === null || v === undefined || v === 'null' || v === 'undefined';

/** Empty for a field that is not free text: nothing to send. */
export const isEmpty = (v: unknown): boolean => isNullish(v) || (typeof v === 'string' && v.trim() === '');

/** 'true' → true, 'false' → false; booleans pass; anything else is left for validation to report. */
export function toBoolean(v: unknown): unknown {
  if (v === 'true' || v === true || v === 'on') return true;
  if (v === 'false' || v === false) return false;
  return v;
}

/**
 * Several selections (arrays, JSON text, single ids, comma text, nested arrays from several
 * widgets) merged into one list of unique ids, in first-seen order.
 */
export function mergeSelections(...parts: unknown[]): number[] {
  const out: number[] = [];
  const add = (v: unknown): void => {
    if (isEmpty(v)) return;
    if (Array.isArray(v)) return v.forEach(add);
    if (typeof v === 'object' && v !== null) {
      const o = v as { value?: unknown; id?: unknown };
      return add(o.value ?? o.id);
    }
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return add(JSON.parse(s));
        } catch {
          return;
        }
      }
      if (s.includes(',')) return s.split(',').forEach(add);
      v = s;
    }
    const n = Number(v);
    if (Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  };
  parts.forEach(add);
  return out;
}

/** SPEC §5: the event multi-selects, each merged into one JSON list. */
export function mergeEventSelections(values: Partial<Record<(typeof EVENT_MULTI_SELECTS)[number], unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of EVENT_MULTI_SELECTS) if (name in values) out[name] = JSON.stringify(mergeSelections(values[name]));
  return out;
}

/** A list of text rows (highlights, intakes): trimmed, empty rows dropped. */
export function cleanTags(v: unknown): string[] {
  const list = typeof v === 'string' ? (v.trim().startsWith('[') ? safeParse(v) : v.split(',')) : v;
  return Array.isArray(list) ? list.map((x) => String(x ?? '').trim()).filter(Boolean) : [];
}

/** FAQ rows: both halves trimmed; a row with neither is dropped. */
export function cleanFaqs(v: unknown): { question: string; answer: string }[] {
  const list = typeof v === 'string' ? safeParse(v) : v;
  if (!Array.isArray(list)) return [];
  return list
    .map((r) => ({
      question: String((r as { question?: unknown })?.question ?? '').trim(),
      answer: String((r as { answer?: unknown })?.answer ?? '').trim(),
    }))
    .filter((r) => r.question || r.answer);
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return [];
  }
}

/** Text fields never sent empty: an empty password on edit means 'keep the current one'. */
export const NEVER_EMPTY = new Set(['password']);

const TEXT_KINDS = new Set(['text', 'textarea', 'html', 'url', 'email']);
const LIST_KINDS = new Set(['refs', 'tags', 'faqs']);

export type WireValue = string | number | boolean | Blob | unknown[];

/**
 * The prepared body as ordered entries: lists still arrays, files as Blobs (several for a gallery).
 * `toFormData` and `toJson` turn it into a request body.
 */
export function prepareEntries(fields: Record<string, FieldMeta>, values: FormValues, mode: Mode): [string, WireValue][] {
  const out: [string, WireValue][] = [];
  for (const [name, meta] of Object.entries(fields)) {
    // derived fields (a consultancy's moe_certified) and 2x copies are the server's to make, never sent
    if (!(name in values) || setByServer(meta)) continue;
    const raw = values[name];
    if (FILE_KINDS.includes(meta.kind)) {
      // A file is sent only when one was chosen: an existing URL (update) or nothing stays as it is.
      const files = (Array.isArray(raw) ? raw : [raw]).filter(isFile);
      for (const f of files) out.push([name, f]);
      continue;
    }
    if (isNullish(raw)) continue;
    if (LIST_KINDS.has(meta.kind)) {
      out.push([name, meta.kind === 'refs' ? mergeSelections(raw) : meta.kind === 'tags' ? cleanTags(raw) : cleanFaqs(raw)]);
      continue;
    }
    if (TEXT_KINDS.has(meta.kind)) {
      if (typeof raw === 'string' && raw.trim() === '' && (mode === 'create' || NEVER_EMPTY.has(name))) continue;
      out.push([name, String(raw)]);
      continue;
    }
    // date, datetime, number, select, ref, boolean: empty means omitted
    if (isEmpty(raw)) continue;
    if (meta.kind === 'boolean') {
      out.push([name, toBoolean(raw) as boolean]);
      continue;
    }
    if (meta.kind === 'number' || meta.kind === 'ref') {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      out.push([name, Number.isFinite(n) ? n : String(raw)]);
      continue;
    }
    out.push([name, raw as string]);
  }
  for (const { removedBy } of imageLists(fields)) {
    const removed = values[removedBy];
    if (Array.isArray(removed) && removed.length > 0) out.push([removedBy, removed.map(String)]);
  }
  return out;
}

/** Multipart (SPEC §5): lists as JSON text, booleans 'true'/'false', several files under one name. */
export function toFormData(entries: [string, WireValue][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (isFile(value)) form.append(name, value, (value as File).name ?? name);
    else if (Array.isArray(value)) form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

/** JSON body: lists stay arrays; files cannot travel in JSON and are left out. */
export function toJson(entries: [string, WireValue][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of entries) if (!isFile(value)) out[name] = value;
  return out;
}

/** The whole preparation: the request body for a create or an update of this declaration. */
export function prepareBody(
  decl: { fields: Record<string, FieldMeta>; multipart?: boolean },
  values: FormValues,
  mode: Mode,
): FormData | Record<string, unknown> {
  const entries = prepareEntries(decl.fields, values, mode);
  return decl.multipart ? toFormData(entries) : toJson(entries);
}

/** The fields an institution edits on its own profile: never the admin-only ones or those the server sets. */
export function ownProfileFields(fields: Record<string, FieldMeta>): Record<string, FieldMeta> {
  return Object.fromEntries(Object.entries(fields).filter(([, m]) => !m.adminOnly && !setByServer(m)));
}
