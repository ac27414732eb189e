import { planSteps, testSessions } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { epochDate } from '../clock.ts';
import { PLANS, TEST_SESSIONS } from '../data/plans.ts';
import type { Reference, SeedContext } from './context.ts';

/** Each demo destination's plan steps, in order, checked on the seed epoch. */
export async function seedPlans({ tx }: Pick<SeedContext, 'tx'>, ref: Reference): Promise<void> {
  const rows = Object.entries(PLANS).flatMap(([destination, steps]) =>
    steps.map((s, i) => ({
      destination_id: ref.destinations.get(destination)!,
      position: i + 1,
      title: s.title,
      what_to_do: s.what_to_do,
      where: s.where ?? '',
      documents: s.documents ?? [],
      typical_days: s.typical_days ?? null,
      official_links: s.official_links,
      notes_nepal: s.notes_nepal ?? '',
      facts_checked_on: epochDate(0),
    })),
  );
  await insertRows(tx, planSteps, rows);
}

/** Demo test sittings: registration closes a week before each. */
export async function seedTestSessions({ tx }: Pick<SeedContext, 'tx'>, ref: Reference): Promise<void> {
  const rows = TEST_SESSIONS.flatMap((s) =>
    s.days.map((day) => ({
      exam_id: ref.exams.get(s.exam)!,
      date: epochDate(day),
      city: s.city,
      format: s.format,
      fee_npr: s.fee_npr ?? null,
      registration_deadline: epochDate(day - 7),
      link: s.link,
      facts_checked_on: epochDate(0),
    })),
  );
  await insertRows(tx, testSessions, rows);
}
