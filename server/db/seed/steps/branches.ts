import { branchCounsellingHours, consultancyBranches } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import type { WeeklyHours } from '../../../../src/lib/shared/slots.ts';
import type { Reference, SeedContext } from './context.ts';

/** Offices in Nepal's study-abroad towns, taken in turn: a seeded consultancy's branches are real places. */
const BRANCH_OFFICES = [
  { city: 'Pokhara', address: 'Lakeside-6, Pokhara', district: 'Kaski', phone: '061-465210' },
  { city: 'Butwal', address: 'Traffic Chowk, Butwal', district: 'Rupandehi', phone: '071-540318' },
  { city: 'Chitwan', address: 'Narayangadh, Bharatpur', district: 'Chitwan', phone: '056-571904' },
  { city: 'Biratnagar', address: 'Main Road, Biratnagar', district: 'Morang', phone: '021-470266' },
  { city: 'Dharan', address: 'Bhanu Chowk, Dharan', district: 'Sunsari', phone: '025-521487' },
  { city: 'Lalitpur', address: 'Pulchowk, Lalitpur', district: 'Lalitpur', phone: '01-5521630' },
];

/** Sunday to Friday, 10:00 to 17:00 with a lunch hour; Saturday, Nepal's day off, closed. */
const OFFICE_HOURS: WeeklyHours = Array.from({ length: 7 }, (_, day) =>
  day === 6
    ? []
    : [
        { opens: '10:00', closes: '13:00' },
        { opens: '14:00', closes: '17:00' },
      ],
);

/**
 * A few consultancies with branches (issue 26): the demo account's and the featured one with three,
 * and some others with one to three, each with its own counselling hours but the last of three,
 * which shows a branch that is not bookable. Drawn without the random generator, so the content
 * seeded after it is unchanged.
 */
export async function seedConsultancyBranches({ tx }: SeedContext, ref: Reference, consultancyIds: number[]) {
  const branches = consultancyIds.flatMap((consultancyId, i) => {
    const count = i < 2 ? 3 : (i % 3) + 1;
    return Array.from({ length: count }, (_, k) => {
      const office = BRANCH_OFFICES[(i + k) % BRANCH_OFFICES.length]!;
      const row = {
        consultancy_id: consultancyId,
        name: `${office.city} branch`,
        address: office.address,
        district_id: ref.districts.get(office.district) ?? null,
        phone: office.phone,
      };
      return { row, bookable: count < 3 || k < 2 };
    });
  });
  const ids = await insertRows(
    tx,
    consultancyBranches,
    branches.map((b) => b.row),
  );
  await tx
    .insert(branchCounsellingHours)
    .values(ids.filter((_, j) => branches[j]!.bookable).map((branch_id) => ({ branch_id, slot_minutes: 30, hours: OFFICE_HOURS })));
}
