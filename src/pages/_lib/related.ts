import { entities, type EntityName } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf, rows, titleOf, type SiteEntity } from './content.ts';

export interface RelatedGroup {
  heading: string;
  items: { title: string; href: string; note?: string }[];
}

const links = (entity: SiteEntity, list: Row[], note?: (r: Row) => string | undefined) =>
  list.map((r) => ({ title: titleOf(entities[entity], r), href: hrefOf(entities[entity], r), note: note?.(r) }));

/** What a detail page lists of other entities: a university's courses, a consultancy's offers... */
export async function relatedFor(name: EntityName, row: Row): Promise<RelatedGroup[]> {
  const related: RelatedGroup[] = [];
  if (name === 'university') {
    related.push({ heading: 'Courses', items: links('course', (await rows('course')).filter((c) => c.university_id === row.id), (c) => String(c.level ?? '')) });
  } else if (name === 'consultancy') {
    related.push({ heading: 'Offers', items: links('offer', (await rows('offer')).filter((o) => o.consultancy_id === row.id), (o) => (o.valid_until ? `until ${formatDate(o.valid_until)}` : undefined)) });
  } else if (name === 'destination') {
    related.push({ heading: 'Universities', items: links('university', (await rows('university')).filter((u) => u.destination_id === row.id)) });
    related.push({ heading: 'Scholarships', items: links('scholarship', (await rows('scholarship')).filter((s) => s.destination_id === row.id)) });
  } else if (name === 'exam') {
    related.push({ heading: 'Model questions', items: links('modelQuestion', (await rows('modelQuestion')).filter((m) => m.exam_id === row.id), (m) => (m.year ? String(m.year) : undefined)) });
  }
  return related.filter((g) => g.items.length > 0);
}
