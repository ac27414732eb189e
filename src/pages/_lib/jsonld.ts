import type { SchemaType } from '../../lib/contract/index.ts';
import type { ForumQuestion, ForumReply, Row } from '../../lib/api/public.ts';

/** schema.org JSON-LD for a detail page, by the declaration's `schemaType`. */
export function jsonLd(
  type: SchemaType | undefined,
  row: Row,
  ctx: { url: string; title: string; description: string; image?: string; site: string; refs: Record<string, Map<number, Row>> },
): Record<string, unknown> {
  const base = {
    '@context': 'https://schema.org',
    name: ctx.title,
    url: ctx.url,
    ...(ctx.description ? { description: ctx.description } : {}),
    ...(ctx.image ? { image: ctx.image } : {}),
  };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  // schema.org wants ISO 8601; the API gives PostgreSQL's text form (2028-11-08 10:00:00+00)
  const iso = (v: unknown) => {
    const d = str(v) ? new Date(str(v)!) : null;
    return d && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
  };
  switch (type) {
    case 'CollegeOrUniversity':
      return { ...base, '@type': 'CollegeOrUniversity', sameAs: str(row.website), address: str(row.address) ?? str(row.city) };
    case 'EducationalOrganization':
      return {
        ...base,
        '@type': 'EducationalOrganization',
        telephone: str(row.phone),
        email: str(row.email),
        address: str(row.address),
        sameAs: str(row.website),
        foundingDate: str(row.establishment_date),
      };
    case 'Course': {
      const uni = ctx.refs.university_id?.get(Number(row.university_id));
      return {
        ...base,
        '@type': 'Course',
        educationalLevel: str(row.level),
        provider: uni ? { '@type': 'CollegeOrUniversity', name: String(uni.name) } : undefined,
      };
    }
    case 'Event': {
      // a venue of "Online" is no place: such an event happens at its link
      const place =
        str(row.venue) && !/^online$/i.test(String(row.venue).trim())
          ? { '@type': 'Place', name: row.venue, address: row.venue }
          : undefined;
      const virtual = str(row.online_link) ? { '@type': 'VirtualLocation', url: row.online_link } : undefined;
      const mode = place && virtual ? 'Mixed' : virtual ? 'Online' : 'Offline';
      return {
        ...base,
        '@type': 'Event',
        startDate: iso(row.starts_at),
        endDate: iso(row.ends_at),
        eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
        location: place && virtual ? [place, virtual] : (place ?? virtual),
        organizer: str(row.organizer) ? { '@type': 'Organization', name: row.organizer } : undefined,
      };
    }
    case 'Article':
    case 'NewsArticle':
      return {
        ...base,
        '@type': type,
        headline: ctx.title,
        datePublished: iso(row.published_at),
        dateModified: iso(row.updated_at) ?? iso(row.published_at),
        author: str(row.author_name)
          ? { '@type': 'Person', name: row.author_name }
          : { '@type': 'Organization', name: 'StudyAbroad Nepal' },
      };
    case 'Country':
      return { ...base, '@type': 'Country' };
    case 'MonetaryGrant':
      return { ...base, '@type': 'MonetaryGrant', funder: str(row.provider) ? { '@type': 'Organization', name: row.provider } : undefined };
    default:
      return { ...base, '@type': 'WebPage' };
  }
}

/** schema.org QAPage of a forum question: its visible answers, the accepted one apart. */
export function qaPage(q: ForumQuestion, url: string): Record<string, unknown> {
  const iso = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);
  const person = (name: string | undefined) => ({ '@type': 'Person', name: name || 'User' });
  const replies = q.replies ?? [];
  const answer = (r: ForumReply) => ({
    '@type': 'Answer',
    text: r.body,
    dateCreated: iso(r.created_at),
    url: `${url}#reply-${r.id}`,
    author: person(r.author_name),
  });
  const accepted = replies.find((r) => r.id === q.accepted_reply_id);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: q.title,
      text: q.body || q.title,
      answerCount: replies.length,
      dateCreated: iso(q.created_at),
      author: person(q.author_name),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      ...(replies.length > (accepted ? 1 : 0) ? { suggestedAnswer: replies.filter((r) => r !== accepted).map(answer) } : {}),
    },
  };
}
