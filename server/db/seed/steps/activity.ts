import crypto from 'node:crypto';
import { applicationStatusHistory, consultancyApplications, inquiries, pageviews } from '../../schema/index.ts';
import { STATUSES, type Status } from '../../../../src/lib/contract/applications.ts';
import { normalizeTrackingCode } from '../../../services/tracking-code.ts';
import { insertRows } from '../bulk.ts';
import { daysAgo } from '../clock.ts';
import { FIRST_NAMES, LAST_NAMES, mobileNumber } from '../data/nepal.ts';
import type { Random } from '../random.ts';
import type { Reference, SeedContext, UniversityRef } from './context.ts';
import type { Institutions } from './institutions.ts';

const DAYS = 60;
const INQUIRY_COUNT = 80;
const APPLICATION_COUNT = 60;
const TRACKING_ALPHABET = [...'23456789ABCDEFGHJKMNPQRSTUVWXYZ'];

export const fingerprint = (payload: unknown) => crypto.createHash('sha256').update(JSON.stringify(payload)).digest('hex');

export function applicant(rng: Random, n: number) {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return { name: `${first} ${last}`, email: `${first}.${last}${n}@example.com`.toLowerCase(), phone: mobileNumber(3000 + n) };
}

/** A tracking code in the stored form the applications service checks against. */
export function trackingCode(rng: Random): string {
  const raw = Array.from({ length: 16 }, () => rng.pick(TRACKING_ALPHABET)).join('');
  return normalizeTrackingCode(raw)!;
}

/** The path an application took to reach `status`, for its history. */
function pathTo(status: Status): Status[] {
  const forward: Status[] = ['submitted', 'in_review', 'applied_to_university', 'offer_received', 'visa_lodged'];
  if (status === 'withdrawn') return ['submitted', 'withdrawn'];
  if (status === 'documents_requested') return ['submitted', 'in_review', 'documents_requested'];
  if (status === 'visa_granted' || status === 'visa_refused') return [...forward, status];
  return forward.slice(0, forward.indexOf(status) + 1);
}

/**
 * Leads and analytics spread over the last 60 days (relative to the seed's real time), so the
 * consultancy dashboard and the admin charts have something to show. The demo consultancy gets a share.
 * Complaints have their own step (complaints.ts).
 */
export async function seedActivity(ctx: SeedContext, ref: Reference, unis: UniversityRef[], institutions: Institutions) {
  const { tx, rng, now } = ctx;
  const destinationIds = [...ref.destinations.values()];
  const examIds = [...ref.exams.values()];
  const consultancyFor = (i: number) => (i % 5 === 0 ? institutions.consultancies[0]! : rng.pick(institutions.consultancies));

  await insertRows(
    tx,
    inquiries,
    Array.from({ length: INQUIRY_COUNT }, (_, i) => {
      const person = applicant(rng, i);
      const consultancy = consultancyFor(i);
      const byDestination = rng.chance(0.6);
      const at = daysAgo(now, rng.next() * DAYS);
      const values = {
        ...person,
        message: `FREE Counseling: ${rng.pick(['I want to study nursing.', 'Please call me after 5 pm.', 'Looking for the next intake.', 'What documents do I need?', ''])}`,
        entity_type: 'consultancy',
        entity_id: consultancy.id,
        consultancy_id: consultancy.id,
        destination_id: byDestination ? rng.pick(destinationIds) : null,
        exam_id: byDestination ? null : rng.pick(examIds),
        status: rng.pick(['new', 'new', 'contacted', 'closed']),
      };
      return { ...values, fingerprint: fingerprint(values), created_at: at, updated_at: at };
    }),
  );

  const applications = Array.from({ length: APPLICATION_COUNT }, (_, i) => {
    const person = applicant(rng, 100 + i);
    const uni = rng.pick(unis);
    const status = i < 10 ? 'submitted' : rng.pick(STATUSES);
    const age = rng.next() * DAYS;
    const values = {
      tracking_code: trackingCode(rng),
      consultancy_id: consultancyFor(i).id,
      full_name: person.name,
      email: person.email,
      phone: person.phone,
      address: rng.pick(['Kathmandu', 'Lalitpur', 'Pokhara', 'Chitwan', 'Butwal', 'Biratnagar', 'Dharan']),
      destination_id: ref.destinations.get(uni.destination)!,
      preferred_intake: `${rng.pick(['February', 'July', 'September'])} 2027`,
      education_level: rng.pick(['+2 (NEB)', "Bachelor's degree", 'A-Levels', 'Diploma']),
      message: rng.pick(['', `I am interested in ${uni.name}.`, 'I have IELTS 6.5 overall.']),
      status,
    };
    return { age, row: { ...values, fingerprint: fingerprint(values), created_at: daysAgo(now, age), updated_at: daysAgo(now, age / 2) } };
  });
  const applicationIds = await insertRows(
    tx,
    consultancyApplications,
    applications.map((a) => a.row),
  );
  await insertRows(
    tx,
    applicationStatusHistory,
    applications.flatMap((a, i) => {
      const steps = pathTo(a.row.status as Status);
      return steps.map((status, k) => {
        const at = daysAgo(now, a.age * (1 - k / steps.length));
        return {
          application_id: applicationIds[i]!,
          status,
          note: k === 0 ? 'Application submitted.' : `Status changed to ${status.replace(/_/g, ' ')}.`,
          created_at: at,
          updated_at: at,
        };
      });
    }),
  );

  await seedPageviews(ctx, unis, institutions);
}

const BROWSERS = [
  {
    browser: 'Chrome',
    device: 'mobile',
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  },
  {
    browser: 'Chrome',
    device: 'desktop',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  },
  {
    browser: 'Safari',
    device: 'mobile',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  },
  { browser: 'Firefox', device: 'desktop', ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0' },
  {
    browser: 'Edge',
    device: 'desktop',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
  },
];

/** Views per day grow over the 60 days and dip at weekends, so the chart has a shape. */
async function seedPageviews({ tx, rng, now }: SeedContext, unis: UniversityRef[], institutions: Institutions) {
  const rows = Array.from({ length: DAYS }, (_, day) => {
    const perDay = 25 + Math.round((DAYS - day) * 0.6) - (day % 7 < 2 ? 12 : 0) + rng.int(0, 10);
    return Array.from({ length: perDay }, () => {
      const client = rng.pick(BROWSERS);
      const consultancy = rng.chance(0.7);
      const target = consultancy ? rng.pick(institutions.consultancies.slice(0, 40)) : rng.pick(unis);
      const at = daysAgo(now, day + rng.next());
      return {
        institute_type: consultancy ? 'consultancy' : 'university',
        institute_id: target.id,
        session_id: rng.int(0, 0xffffffff).toString(16).padStart(8, '0') + rng.int(0, 0xffffffff).toString(16).padStart(8, '0'),
        path: `/${consultancy ? 'consultancy' : 'university'}/${target.slug}/`,
        user_agent: client.ua,
        browser: client.browser,
        device: client.device,
        created_at: at,
        updated_at: at,
      };
    });
  }).flat();
  await insertRows(tx, pageviews, rows);
}
