import type { InstitutionRole } from '../contract/index.ts';
import { call } from './client.ts';

/** One day of a chart: its date (YYYY-MM-DD) and a count per series. */
export interface DayPoint {
  date: string;
  [series: string]: number | string;
}

/** A per-day reply (server/services/reports.ts): every day of the window in order, zero when nothing happened. */
export interface DaysReply<K extends string> {
  days: ({ date: string } & Record<K, number>)[];
}

/** GET /analytics/summary/: the admin console's charts. */
export interface SummaryReply extends DaysReply<'pageviews' | 'inquiries' | 'applications'> {
  top_institutions: { institute_type: InstitutionRole; institute_id: number; pageviews: number; name: string | null }[];
}

/** GET /analytics/mine/: an institution's own pageviews. */
export interface MineReply extends DaysReply<'pageviews'> {
  total: number;
}

/** The chart's points: the named series of each day the server sent. */
export const toDaySeries = <K extends string>(reply: DaysReply<K>, names: readonly K[]): DayPoint[] =>
  reply.days.map((day) => ({ date: day.date, ...Object.fromEntries(names.map((n) => [n, day[n]])) }));

export interface Summary {
  series: DayPoint[];
  /** the most viewed institutions */
  byInstitution: { label: string; value: number }[];
}

export async function getSummary(days = 30): Promise<Summary> {
  const reply = await call('Failed to fetch analytics', (c) =>
    c.get('analytics/summary/', { searchParams: { days } }).json<SummaryReply>(),
  );
  return {
    series: toDaySeries(reply, ['pageviews', 'inquiries', 'applications']),
    byInstitution: reply.top_institutions.map((t) => ({ label: t.name ?? `${t.institute_type} #${t.institute_id}`, value: t.pageviews })),
  };
}
