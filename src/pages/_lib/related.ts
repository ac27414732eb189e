import { declarationOf, isEntityName, type EntityName } from '../../lib/contract/index.ts';
import type { Row } from '../../lib/api/public.ts';
import { keptIn } from '../../lib/shared/kept.ts';
import { formatValue, hrefOf, rows, SITE_ENTITIES, titleOf } from './content.ts';

export interface RelatedGroup {
  heading: string;
  items: { title: string; href: string; note?: string }[];
}

type Item = RelatedGroup['items'][number];
const byTarget = new Map<string, Promise<Map<unknown, Item[]>>>();
/** The items of `other` grouped by the row their `field` points at, made once per build (every detail page asks). */
const itemsByTarget = (other: EntityName, field: string): Promise<Map<unknown, Item[]>> =>
  keptIn(byTarget, `${other}.${field}`, async () => {
    const decl = declarationOf(other);
    const { note, notePrefix = '' } = decl.fields[field]!.listedOn!;
    const noteMeta = note ? decl.fields[note] : undefined;
    const out = new Map<unknown, Item[]>();
    for (const r of await rows(other)) {
      const text = noteMeta ? formatValue(noteMeta, r[note!], undefined, r) : '';
      const item = { title: titleOf(decl, r), href: hrefOf(decl, r), note: text ? `${notePrefix}${text}` : undefined };
      const list = out.get(r[field]);
      if (list) list.push(item);
      else out.set(r[field], [item]);
    }
    return out;
  });

/** The `listedOn` ref fields pointing at each entity, in the site's order: [entity, field, heading]. */
const listedOn = new Map<EntityName, [EntityName, string, string][]>();
for (const other of SITE_ENTITIES) {
  const decl = declarationOf(other);
  for (const [field, meta] of Object.entries(decl.fields)) {
    if (meta.kind !== 'ref' || !meta.listedOn || !meta.ref || !isEntityName(meta.ref)) continue;
    listedOn.set(meta.ref, [...(listedOn.get(meta.ref) ?? []), [other, field, meta.listedOn.heading ?? decl.plural]]);
  }
}

/**
 * What a detail page lists of other entities (a university's courses, a consultancy's offers...):
 * every ref field declared `listedOn` that points at this entity, in the site's order.
 */
export async function relatedFor(name: EntityName, row: Row): Promise<RelatedGroup[]> {
  const related: RelatedGroup[] = [];
  for (const [other, field, heading] of listedOn.get(name) ?? []) {
    const items = (await itemsByTarget(other, field)).get(row.id);
    if (items) related.push({ heading, items });
  }
  return related;
}
