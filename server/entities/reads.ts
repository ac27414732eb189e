import type { ContentKind } from '../content-version.ts';
import type { ServerEntity } from './registry.ts';

const reads = new WeakMap<ServerEntity, readonly ContentKind[]>();

/**
 * The kinds of content an entity's answers (lists, details, dropdowns, facets) read: its own, the
 * entities its refs name (related names, ref filters by slug, filters through another entity) and
 * what its computed values read. Sorted, so it makes one key whatever the declaration's order.
 */
export function readsOf(entity: ServerEntity): readonly ContentKind[] {
  let kinds = reads.get(entity);
  if (kinds) return kinds;
  const { decl } = entity;
  const refs = Object.values(decl.fields).flatMap((meta) => (meta.kind === 'ref' || meta.kind === 'refs' ? [meta.ref] : []));
  const filtered = Object.values(decl.filters ?? {}).flatMap((meta) =>
    meta.kind === 'ref' ? [meta.ref, ...(meta.through ? [meta.through.entity] : [])] : [],
  );
  kinds = [...new Set<ContentKind>([decl.name, ...refs, ...filtered, ...(entity.reads ?? [])])].sort();
  reads.set(entity, kinds);
  return kinds;
}
