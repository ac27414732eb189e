import { z } from 'zod';
import { FILE_KINDS, bodySchema, imageLists, type FieldMeta } from '../contract/fields.ts';
import type { FormValues, Mode } from './prepare.ts';

/**
 * What a console form validates with: the contract's bodySchema (the same the server validates
 * with) plus the file fields, which the body schema leaves to the upload handling.
 */
export function formSchema(fields: Record<string, FieldMeta>, mode: Mode) {
  const files: Record<string, z.ZodType> = {};
  for (const [name, meta] of Object.entries(fields)) if (FILE_KINDS.includes(meta.kind)) files[name] = z.any().optional();
  for (const { removedBy } of imageLists(fields)) files[removedBy] = z.array(z.string()).optional();
  return bodySchema(fields, mode).extend(files);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local input value, in the browser's zone. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ids of a list that may hold ids, id text or objects ({id, name}) */
export function idsOf(v: unknown): number[] {
  const list = typeof v === 'string' ? (v.trim().startsWith('[') ? (JSON.parse(v) as unknown[]) : v.split(',')) : v;
  if (!Array.isArray(list)) return [];
  return list
    .map((x) =>
      Number(typeof x === 'object' && x !== null ? ((x as { id?: unknown; value?: unknown }).id ?? (x as { value?: unknown }).value) : x),
    )
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Labels found in a record's nested objects ({id, name} in a refs list, or `x_name` beside `x_id`). */
export function labelsOf(v: unknown): [number, string][] {
  if (!Array.isArray(v)) return [];
  const out: [number, string][] = [];
  for (const x of v) {
    if (typeof x !== 'object' || x === null) continue;
    const o = x as Record<string, unknown>;
    const id = Number(o.id ?? o.value);
    const label = o.name ?? o.title ?? o.label;
    if (Number.isInteger(id) && typeof label === 'string') out.push([id, label]);
  }
  return out;
}

/**
 * The form's starting values, one per field kind: from a record (edit), else the fields' declared
 * defaults (create), so a value the server would default (an account's `active`) is not sent empty.
 */
export function formDefaults(fields: Record<string, FieldMeta>, record: Record<string, unknown> | null = null): FormValues {
  const out: FormValues = {};
  for (const [name, meta] of Object.entries(fields)) {
    const v = record ? record[name] : meta.default;
    switch (meta.kind) {
      case 'boolean':
        out[name] = v === true || v === 'true';
        break;
      case 'refs':
        out[name] = idsOf(v);
        break;
      case 'tags':
        out[name] = Array.isArray(v) ? v.map(String) : [];
        break;
      case 'faqs':
        out[name] = Array.isArray(v) ? v.map((r) => ({ question: String(r?.question ?? ''), answer: String(r?.answer ?? '') })) : [];
        break;
      case 'date':
        out[name] = typeof v === 'string' ? v.slice(0, 10) : '';
        break;
      case 'datetime':
        out[name] = toLocalInput(v);
        break;
      case 'number':
      case 'ref':
        out[name] = v === null || v === undefined ? '' : typeof v === 'object' ? String((v as { id?: unknown }).id ?? '') : String(v);
        break;
      case 'image':
      case 'file':
        out[name] = meta.multiple
          ? Array.isArray(v)
            ? v.map((g) => (typeof g === 'string' ? g : String((g as { url?: unknown })?.url ?? ''))).filter(Boolean)
            : []
          : typeof v === 'string'
            ? v
            : '';
        break;
      default:
        out[name] = v === null || v === undefined ? '' : String(v);
    }
  }
  for (const { removedBy } of imageLists(fields)) out[removedBy] = [];
  return out;
}

/** A request field the form does not show, in words for its message: university_id → University. */
const inWords = (name: string) => {
  const words = name.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Server per-field errors (ApiError.fields) as one message per known field; the rest for the form,
 * each named in words, never by its request field name.
 */
export function splitFieldErrors(
  fields: Record<string, FieldMeta>,
  errors: Record<string, string[] | string> | undefined,
): { byField: Record<string, string>; other: string[] } {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  // a removal list's errors belong to its image list
  const listOf = new Map(imageLists(fields).map((l) => [l.removedBy, l.name]));
  for (const [name, list] of Object.entries(errors ?? {})) {
    const message = (Array.isArray(list) ? list : [list]).filter(Boolean).join(' ');
    const first = name.split('.')[0]!;
    const key = listOf.get(first) ?? first;
    if (key in fields) byField[key] = byField[key] ? `${byField[key]} ${message}` : message;
    else other.push(`${inWords(first)}: ${message}`);
  }
  return { byField, other };
}
