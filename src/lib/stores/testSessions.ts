import { atom, computed } from 'nanostores';
import { list, type Row } from '../api/public.ts';
import { hasEnded } from '../shared/ended.ts';

/**
 * An exam's upcoming test sessions in Nepal (issue 27), filtered by city and month. The page carries
 * those upcoming at its build; the browser asks the API again, which leaves out the sessions whose
 * day has passed (`upcoming=true`, judged at read time), so past ones drop off without a rebuild.
 */
/** null until the island has loaded them */
export const $sessions = atom<Row[] | null>(null);
export const $city = atom('');
/** a month as YYYY-MM, or '' for all */
export const $month = atom('');

/** The sessions whose day has not ended in Nepal. */
export const upcoming = (rows: Row[], now: number) => rows.filter((r) => !hasEnded(r.date, now));

/** The months the sessions fall in, in order (YYYY-MM). */
export const monthsOf = (rows: Row[]) => [...new Set(rows.map((r) => String(r.date).slice(0, 7)))].sort();
/** The cities the sessions are held in, in order of first appearance. */
export const citiesOf = (rows: Row[]) => [...new Set(rows.map((r) => String(r.city)))];

export const $shown = computed([$sessions, $city, $month], (rows, city, month) =>
  (rows ?? []).filter((r) => (!city || r.city === city) && (!month || String(r.date).startsWith(month))),
);

/** Starts with the page's sessions (still upcoming now), then takes the API's current list. */
export async function loadSessions(examId: number, built: Row[]): Promise<void> {
  $sessions.set(upcoming(built, Date.now()));
  const fresh = await list('test-session', { exam: examId, upcoming: true, page_size: 200 }).catch(() => null);
  if (fresh) $sessions.set(fresh.results);
}
