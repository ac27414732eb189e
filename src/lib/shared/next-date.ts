/**
 * The next date to keep of a saved row (issue 27, "Deadlines in my calendar"): a thing that ends
 * (a scholarship's deadline, an offer's end: its declaration's `ends`) on that day, or the first day
 * of its next intake month (courses, universities). Null when it has neither, or its date passed.
 */
import { MONTHS } from '../contract/entities/course.ts';

export interface NextDate {
  /** "Deadline", "Next intake" */
  label: string;
  /** YYYY-MM-DD */
  date: string;
}

interface Dated {
  ends?: { field: string; badge?: string };
  fields: Record<string, { kind: string; label: string }>;
}

const day = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** The first day of the next of these months, from `today` (YYYY-MM-DD) on; this month counts until its first day has passed. */
export function nextIntake(months: readonly unknown[], today: string): string | null {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const candidates = months
    .map((name) => MONTHS.indexOf(String(name) as (typeof MONTHS)[number]))
    .filter((i) => i >= 0)
    .map((i) => {
      const year = i + 1 > m || (i + 1 === m && d === 1) ? y : y + 1;
      return `${year}-${String(i + 1).padStart(2, '0')}-01`;
    });
  return candidates.sort()[0] ?? null;
}

export function nextDateOf(decl: Dated, row: Record<string, unknown>, today: string): NextDate | null {
  if (decl.ends) {
    const date = day(row[decl.ends.field]);
    return date && date >= today ? { label: decl.fields[decl.ends.field]?.label ?? 'Ends', date } : null;
  }
  const intakes = Object.entries(decl.fields).find(([name, meta]) => meta.kind === 'tags' && name === 'intakes');
  const months = intakes && row[intakes[0]];
  const date = Array.isArray(months) ? nextIntake(months, today) : null;
  return date ? { label: 'Next intake', date } : null;
}
