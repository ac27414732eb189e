import type { Storage } from '../../../storage/index.ts';
import { consultancyLicenceHistory, consultancyLicences } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { epochDate, epochTime } from '../clock.ts';
import { simplePdf } from '../pdf.ts';
import { Random } from '../random.ts';
import type { SeedContext } from './context.ts';
import type { Institutions } from './institutions.ts';
import { DISTRICTS_BY_PROVINCE } from '../data/nepal.ts';

/** A generator of its own, so adding licences changed none of the content drawn before or after them. */
const LICENCE_SEED = 20261125;
const TEAM = 'StudyAbroad Nepal team';
const OFFICES = [
  'Ministry of Education, Science and Technology, Singha Durbar',
  'Education and Human Resource Development Centre, Sanothimi',
];
/** Since 2025 Bagmati Province licenses the consultancies in its districts itself (the ECIS portal). */
const BAGMATI_OFFICE = 'Ministry of Social Development, Bagmati Province, Hetauda (ECIS)';
const BAGMATI_SINCE = '2025-01-01';
const BAGMATI = new Set<string>(DISTRICTS_BY_PROVINCE.Bagmati);
const REJECTIONS = [
  'The permission number does not match the ministry’s register.',
  'The document is unreadable; please upload a clearer scan.',
  'The document names another company.',
];

type Kind = 'valid' | 'expired' | 'pending' | 'rejected' | 'none';

/** Roughly the valley's mix among listed consultancies; the demo account's own has one waiting for a check, so its dashboard shows one. */
const kindOf = (rng: Random, demo: boolean): Kind => {
  if (demo) return 'pending';
  const r = rng.next();
  return r < 0.45 ? 'valid' : r < 0.55 ? 'expired' : r < 0.62 ? 'pending' : r < 0.67 ? 'rejected' : 'none';
};

/**
 * Licences for the demo consultancies: verified and valid, verified and expired, waiting for a
 * check, rejected with a reason, or none at all; each with its document in the private store and
 * its history. Dates are placed around the seed's fixed day (clock.ts). Licences issued in Bagmati
 * Province since 2025 name the province's ministry. Answers the consultancies we may promote
 * (verified, with a valid licence), in id order.
 */
export async function seedLicences({ tx }: SeedContext, privateStorage: Storage, institutions: Institutions): Promise<number[]> {
  const rng = new Random(LICENCE_SEED);
  const planned = institutions.consultancies.flatMap((c) => {
    const kind = kindOf(rng, c.id === institutions.demoConsultancyId);
    if (kind === 'none') return [];
    // expired: ended 20 to 400 days before the seed's day, after two years; the others issued
    // shortly before they were sent, within the last year, and running two to four years (past 2027)
    const expired = kind === 'expired' ? -rng.int(20, 400) : 0;
    const submitted = kind === 'expired' ? expired - 720 : -rng.int(3, 300);
    const issued = kind === 'expired' ? expired - 730 : submitted - rng.int(2, 20);
    const ends = kind === 'expired' ? expired : issued + rng.int(800, 1400);
    const ecan = rng.chance(0.7);
    return [
      {
        c,
        kind,
        submitted,
        values: {
          consultancy_id: c.id,
          permission_number: `${rng.int(100, 4999)}/0${rng.int(76, 82)}-${rng.int(77, 83)}`,
          issuing_office: ((federal) => (BAGMATI.has(c.district) && epochDate(issued) >= BAGMATI_SINCE ? BAGMATI_OFFICE : federal))(
            rng.pick(OFFICES),
          ),
          issued_on: epochDate(issued),
          expires_on: epochDate(ends),
          association: ecan ? 'ECAN' : '',
          association_number: ecan ? `ECAN-${rng.int(100, 1999)}` : '',
          status:
            kind === 'valid' || kind === 'expired'
              ? ('verified' as const)
              : kind === 'pending'
                ? ('pending' as const)
                : ('rejected' as const),
          reason: kind === 'rejected' ? rng.pick(REJECTIONS) : '',
          reviewed_at: kind === 'pending' ? null : epochTime(submitted + 2),
          created_at: epochTime(submitted),
        },
      },
    ];
  });
  const licences = [];
  for (const p of planned) {
    const pdf = simplePdf('Permission to operate an educational consultancy', [
      p.c.name,
      `Permission no. ${p.values.permission_number}`,
      p.values.issuing_office,
      `Valid until ${p.values.expires_on}`,
    ]);
    licences.push({
      ...p.values,
      document_key: await privateStorage.put(pdf, 'pdf', 'application/pdf'),
      document_name: `permission-${p.c.slug}.pdf`,
    });
  }
  const ids = await insertRows(tx, consultancyLicences, licences);
  await insertRows(
    tx,
    consultancyLicenceHistory,
    planned.flatMap((p, i) => [
      {
        licence_id: ids[i]!,
        action: 'submitted' as const,
        actor_name: p.c.name,
        actor_role: 'consultancy',
        created_at: epochTime(p.submitted),
      },
      ...(p.kind === 'pending'
        ? []
        : [
            {
              licence_id: ids[i]!,
              action: p.values.status as 'verified' | 'rejected',
              reason: p.values.reason,
              actor_name: TEAM,
              actor_role: 'admin',
              created_at: epochTime(p.submitted + 2),
            },
          ]),
    ]),
  );
  return planned.filter((p) => p.kind === 'valid' && p.c.verified).map((p) => p.c.id);
}
