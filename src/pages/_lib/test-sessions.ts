import type { Row } from '../../lib/api/public.ts';
import { upcoming } from '../../lib/stores/testSessions.ts';
import { rows } from './content.ts';

/** An exam's test sessions still upcoming at the build, soonest first (the list's order). */
export const upcomingSessionsOf = async (examId: number): Promise<Row[]> =>
  upcoming(await rows('testSession'), Date.now()).filter((r) => r.exam_id === examId);
