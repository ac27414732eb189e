/**
 * Mail reminders of the saved rows' next dates (issue 27, "Deadlines in my calendar"): a signed-in
 * student opts in on /shortlist/; the outbox worker's sweep mails 30, 7 and 1 days before each saved
 * row's next date (next-date.ts, the rules /shortlist/ shows), each once: the outbox key names the
 * account, row, date and reminder, so a second run or instance adds nothing. Every mail carries a
 * link that stops them with no sign-in: its token is an HMAC of the account, so nothing is stored.
 */
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { deadlineReminderOptIns, shortlistItems, users } from '../db/schema/index.ts';
import { column } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';
import { compose, siteUrl } from '../mail.ts';
import { nextDateOf, type NextDate } from '../../src/lib/shared/next-date.ts';
import { hrefOf, titleOf, type Row } from '../../src/lib/shared/row-link.ts';
import { dayInNepal, formatDate } from '../../src/lib/format.ts';
import { enqueue } from './outbox.ts';
import type { Runner } from './tx.ts';

type Site = Pick<Config, 'siteUrl' | 'port'>;

/** Days before a date, largest first: a sweep that finds a date nearer than one sends the reminder it is within (once). */
export const REMINDER_DAYS = [30, 7, 1] as const;

export async function remindersOn(db: Runner, userId: number): Promise<boolean> {
  const [row] = await db.select().from(deadlineReminderOptIns).where(eq(deadlineReminderOptIns.user_id, userId));
  return Boolean(row);
}

export async function setReminders(db: Runner, userId: number, on: boolean): Promise<boolean> {
  if (on) await db.insert(deadlineReminderOptIns).values({ user_id: userId }).onConflictDoNothing();
  else await db.delete(deadlineReminderOptIns).where(eq(deadlineReminderOptIns.user_id, userId));
  return on;
}

/** Signs and reads the unsubscribe links' tokens: `<account id>.<HMAC of it>`. */
export function unsubscribeTokens(secret: string) {
  const mac = (userId: number) => crypto.createHmac('sha256', secret).update(`deadline-reminders:${userId}`).digest('base64url');
  return {
    sign: (userId: number) => `${userId}.${mac(userId)}`,
    /** the account a token names, or null when it was not made by us */
    verify(token: string): number | null {
      const [id, given] = token.split('.');
      const userId = Number(id);
      if (!Number.isSafeInteger(userId) || userId <= 0 || !given) return null;
      const expected = Buffer.from(mac(userId));
      const got = Buffer.from(given);
      return got.length === expected.length && crypto.timingSafeEqual(got, expected) ? userId : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

export const unsubscribeUrl = (site: Site, tokens: UnsubscribeTokens, userId: number) =>
  `${siteUrl(site)}/api/deadline-reminders/unsubscribe/?token=${encodeURIComponent(tokens.sign(userId))}`;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The reminder a date `days` ahead is within: 30 for 8-30 days, 7 for 2-7, 1 for today and tomorrow. */
export function reminderFor(days: number): number | null {
  return [...REMINDER_DAYS].reverse().find((d) => days <= d && days >= 0) ?? null;
}

interface Saved {
  user_id: number;
  email: string;
  entity: string;
  row_id: number;
}

/** The saved rows of the accounts that opted in, with their accounts' addresses. */
async function savedOfOptedIn(db: Runner): Promise<Saved[]> {
  return db
    .select({ user_id: shortlistItems.user_id, email: users.email, entity: shortlistItems.entity, row_id: shortlistItems.row_id })
    .from(shortlistItems)
    .innerJoin(deadlineReminderOptIns, eq(deadlineReminderOptIns.user_id, shortlistItems.user_id))
    .innerJoin(users, eq(users.id, shortlistItems.user_id));
}

/** The rows of one kind by id (one query per kind, not per saved row). */
async function rowsOf(db: Runner, entity: string, ids: number[]): Promise<Map<number, Row>> {
  const e = serverEntity(entity);
  const rows = (await db
    .select()
    .from(e.table)
    .where(inArray(column(e, 'id'), [...new Set(ids)]))) as Row[];
  return new Map(rows.map((r) => [r.id, r]));
}

function reminderMail(
  site: Site,
  tokens: UnsubscribeTokens,
  s: Saved,
  decl: ReturnType<typeof serverEntity>['decl'],
  row: Row,
  next: NextDate,
  days: number,
  reminder: number,
) {
  const title = titleOf(decl, row);
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  const unsubscribe = unsubscribeUrl(site, tokens, s.user_id);
  const mail = compose(
    `deadline.${s.user_id}.${s.entity}.${s.row_id}.${next.date}.${reminder}d`,
    s.email,
    `${next.label} ${when}: ${title}`,
    [
      `${next.label} of ${title}, saved on your shortlist: ${formatDate(next.date)} (${when}).`,
      { href: `${siteUrl(site)}${hrefOf(decl, row)}`, label: title },
      'Check the date on its page before you plan on it.',
      'You get these mails 30, 7 and 1 days before each date on your shortlist. To stop them:',
      { href: unsubscribe, label: 'Stop deadline reminders' },
    ],
  );
  return { ...mail, unsubscribe_url: unsubscribe };
}

/**
 * Queues the reminders due on `at`'s day in Nepal, where the students are (a date is "tomorrow" at
 * 00:30 in Kathmandu, 18:45 UTC the day before), for every account that opted in; returns how many
 * are due (queued now or before). Run by every outbox worker now and then, beside the other reminder sweeps.
 */
export async function deadlineReminders(db: Runner, site: Site, tokens: UnsubscribeTokens, at = new Date()) {
  const today = dayInNepal(at);
  const saved = await savedOfOptedIn(db);
  const kinds = [...new Set(saved.map((s) => s.entity))];
  const rows = new Map(
    await Promise.all(
      kinds.map(
        async (k) =>
          [
            k,
            await rowsOf(
              db,
              k,
              saved.filter((s) => s.entity === k).map((s) => s.row_id),
            ),
          ] as const,
      ),
    ),
  );
  const mails = saved.flatMap((s) => {
    const row = rows.get(s.entity)?.get(s.row_id);
    const decl = serverEntity(s.entity).decl;
    const next = row && nextDateOf(decl, row, today);
    if (!next) return [];
    const days = daysBetween(today, next.date);
    const reminder = reminderFor(days);
    return reminder ? [reminderMail(site, tokens, s, decl, row, next, days, reminder)] : [];
  });
  // the outbox keeps one row per key: a reminder queued before is left alone
  await enqueue(db, ...mails);
  return mails.length;
}
