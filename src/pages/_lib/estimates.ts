/** The first-year estimate of a course's or a university's page, from the rows the build already has. */
import { entities } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { firstYearEstimate, type Estimate } from '../../lib/site/estimate.ts';
import { lookup, ratesFor, type SiteEntity } from './content.ts';

/** Tuition from the course (`fee`) or the university (`tuition_min` to `tuition_max`), living and one-time costs from the destination. */
export async function estimateFor(name: SiteEntity, row: Row): Promise<Estimate | null> {
  if (name !== 'course' && name !== 'university') return null;
  const [universities, destinations, rates] = await Promise.all([lookup('university'), lookup('destination'), ratesFor(entities.course)]);
  const university = name === 'course' ? universities.get(Number(row.university_id)) : row;
  const destination = university ? destinations.get(Number(university.destination_id)) : undefined;
  const tuition = name === 'course' ? { min: row.fee, max: row.fee, currency: row.currency } : { min: row.tuition_min, max: row.tuition_max, currency: row.currency };
  return firstYearEstimate(tuition, destination, rates ?? {});
}
