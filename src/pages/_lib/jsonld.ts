import type { EntityName } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';

/** schema.org JSON-LD for a detail page. */
export function jsonLd(name: EntityName, row: Row, ctx: { url: string; title: string; description: string; image?: string; site: string; refs: Record<string, Map<number, Row>> }): Record<string, unknown> {
  const base = { '@context': 'https://schema.org', name: ctx.title, url: ctx.url, ...(ctx.description ? { description: ctx.description } : {}), ...(ctx.image ? { image: ctx.image } : {}) };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  switch (name) {
    case 'university':
    case 'college':
      return { ...base, '@type': 'CollegeOrUniversity', sameAs: str(row.website), address: str(row.address) ?? str(row.city) };
    case 'consultancy':
      return { ...base, '@type': 'EducationalOrganization', telephone: str(row.phone), email: str(row.email), address: str(row.address), sameAs: str(row.website), foundingDate: str(row.establishment_date) };
    case 'course': {
      const uni = ctx.refs.university_id?.get(Number(row.university_id));
      return { ...base, '@type': 'Course', educationalLevel: str(row.level), provider: uni ? { '@type': 'CollegeOrUniversity', name: String(uni.name) } : undefined };
    }
    case 'event':
      return {
        ...base,
        '@type': 'Event',
        startDate: str(row.starts_at),
        endDate: str(row.ends_at),
        eventAttendanceMode: str(row.online_link) && !str(row.venue) ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
        location: str(row.venue) ? { '@type': 'Place', name: row.venue, address: row.venue } : str(row.online_link) ? { '@type': 'VirtualLocation', url: row.online_link } : undefined,
        organizer: str(row.organizer) ? { '@type': 'Organization', name: row.organizer } : undefined,
      };
    case 'blog':
    case 'news':
      return { ...base, '@type': name === 'news' ? 'NewsArticle' : 'Article', headline: ctx.title, datePublished: str(row.published_at), dateModified: str(row.updated_at) ?? str(row.published_at), author: str(row.author_name) ? { '@type': 'Person', name: row.author_name } : { '@type': 'Organization', name: 'StudyAbroad Nepal' } };
    case 'destination':
      return { ...base, '@type': 'Country' };
    case 'scholarship':
      return { ...base, '@type': 'MonetaryGrant', funder: str(row.provider) ? { '@type': 'Organization', name: row.provider } : undefined };
    default:
      return { ...base, '@type': 'WebPage' };
  }
}
