/** The first-year estimate of a course's or a university's page, from the rows the build already has. */
import { entities } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { ESTIMATED, firstYearEstimate, type Estimate } from '../../lib/site/estimate.ts';
import { lookup, ratesFor, type SiteEntity } from './content.ts';

/** Tuition from the row (ESTIMATED), living and one-time costs from its university's destination; none for the other entities. */
export async function estimateFor(name: SiteEntity, row: Row): Promise<Estimate | null> {
  const source = ESTIMATED[name];
  if (!source) return null;
  const [universities, destinations, rates] = await Promise.all([lookup('university'), lookup('destination'), ratesFor(entities.course)]);
  const { tuition, university } = source(row, (id) => universities.get(id));
  const destination = university ? destinations.get(Number(university.destination_id)) : undefined;
  return firstYearEstimate(tuition, destination, rates ?? {});
}
