import { declarationOf, type EntityName } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { formatValue, hrefOf, rows, SITE_ENTITIES, titleOf } from './content.ts';

export interface RelatedGroup {
  heading: string;
  items: { title: string; href: string; note?: string }[];
}

/**
 * What a detail page lists of other entities (a university's courses, a consultancy's offers...):
 * every ref field declared `listedOn` that points at this entity, in the site's order.
 */
export async function relatedFor(name: EntityName, row: Row): Promise<RelatedGroup[]> {
  const related: RelatedGroup[] = [];
  for (const other of SITE_ENTITIES) {
    const decl = declarationOf(other);
    for (const [field, meta] of Object.entries(decl.fields)) {
      if (meta.kind !== 'ref' || meta.ref !== name || !meta.listedOn) continue;
      const { heading = decl.plural, note, notePrefix = '' } = meta.listedOn;
      const noteMeta = note ? decl.fields[note] : undefined;
      const items = (await rows(other))
        .filter((r) => r[field] === row.id)
        .map((r) => {
          const text = noteMeta ? formatValue(noteMeta, r[note!], undefined, r) : '';
          return { title: titleOf(decl, r), href: hrefOf(decl, r), note: text ? `${notePrefix}${text}` : undefined };
        });
      related.push({ heading, items });
    }
  }
  return related.filter((g) => g.items.length > 0);
}
