import crypto from 'node:crypto';
import { inquiries, pageviews } from '../../schema/index.ts';
import { STAGES, type Stage } from '../../../../src/lib/contract/applications.ts';
import { normalizeTrackingCode } from '../../../services/tracking-code.ts';
import { insertRows } from '../bulk.ts';
import { daysAgo } from '../clock.ts';
import { FIRST_NAMES, LAST_NAMES, mobileNumber } from '../data/nepal.ts';
import type { Random } from '../random.ts';
import type { Reference, SeedContext, UniversityRef } from './context.ts';
import type { Institutions } from './institutions.ts';
import { decidedSteps, insertCases, pathTo, spreadSteps, type SeedCase } from './cases.ts';

const DAYS = 60;
const INQUIRY_COUNT = 80;
const APPLICATION_COUNT = 60;
/** Visa decisions of the last 12 months: enough for the demo consultancy's public outcomes, too few for the next one's. */
const DECIDED = [26, 7];
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

  const applicationRow = (i: number, consultancyId: number) => {
    const person = applicant(rng, 100 + i);
    const uni = rng.pick(unis);
    return {
      tracking_code: trackingCode(rng),
      consultancy_id: consultancyId,
      full_name: person.name,
      email: person.email,
      phone: person.phone,
      address: rng.pick(['Kathmandu', 'Lalitpur', 'Pokhara', 'Chitwan', 'Butwal', 'Biratnagar', 'Dharan']),
      destination_id: ref.destinations.get(uni.destination)!,
      preferred_intake: `${rng.pick(['February', 'July', 'September'])} 2027`,
      education_level: rng.pick(['+2 (NEB)', "Bachelor's degree", 'A-Levels', 'Diploma']),
      message: rng.pick(['', `I am interested in ${uni.name}.`, 'I have IELTS 6.5 overall.']),
    };
  };
  const moving: SeedCase[] = Array.from({ length: APPLICATION_COUNT }, (_, i) => {
    const stage: Stage = i < 10 ? 'submitted' : rng.pick(STAGES);
    const row = { ...applicationRow(i, consultancyFor(i).id), status: stage };
    return { row: { ...row, fingerprint: fingerprint(row) }, steps: spreadSteps(pathTo(stage), rng.next() * DAYS) };
  });
  await insertCases(tx, now, [...moving, ...decidedCases(rng, institutions, applicationRow)]);

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

/** Cases decided within the last year (most granted), so consultancy pages have outcome figures to show. */
function decidedCases(rng: Random, institutions: Institutions, rowOf: (i: number, consultancyId: number) => object): SeedCase[] {
  return DECIDED.flatMap((count, c) =>
    Array.from({ length: count }, (_, k) => {
      const granted = rng.chance(0.8);
      const row = { ...rowOf(1000 * (c + 1) + k, institutions.consultancies[c]!.id), status: granted ? 'visa_granted' : 'visa_refused' };
      return { row: { ...(row as SeedCase['row']), fingerprint: fingerprint(row) }, steps: decidedSteps(rng, rng.int(3, 350), granted) };
    }),
  );
}

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
