import { entities, type EntityName } from '../../src/lib/contract/index.ts';
import type { ContentKind } from '../content-version.ts';
import type { ServerEntity } from './registry.ts';

const reads = new WeakMap<ServerEntity, readonly ContentKind[]>();

/** The entities whose names and places find rows of `name` (its `foundBy` refs), and theirs in turn: a course's university and its country. */
function foundThrough(name: EntityName, seen = new Set<EntityName>()): EntityName[] {
  for (const meta of Object.values(entities[name].fields))
    if ((meta.kind === 'ref' || meta.kind === 'refs') && meta.foundBy && !seen.has(meta.ref)) {
      seen.add(meta.ref);
      foundThrough(meta.ref, seen);
    }
  return [...seen];
}

/**
 * The kinds of content an entity's answers (lists, details, dropdowns, facets) read: its own, the
 * entities its refs name (related names, ref filters by slug, filters through another entity), what
 * its computed values read, and for a searchable one what its search words come from (the found-by
 * entities, all the way down, and the admins' synonym groups). Sorted, so it makes one key whatever
 * the declaration's order.
 */
export function readsOf(entity: ServerEntity): readonly ContentKind[] {
  let kinds = reads.get(entity);
  if (kinds) return kinds;
  const { decl } = entity;
  const refs = Object.values(decl.fields).flatMap((meta) => (meta.kind === 'ref' || meta.kind === 'refs' ? [meta.ref] : []));
  const filtered = Object.values(decl.filters ?? {}).flatMap((meta) =>
    meta.kind === 'ref' ? [meta.ref, ...(meta.through ? [meta.through.entity] : [])] : [],
  );
  const searched: ContentKind[] = entity.searchable ? ['synonym', ...foundThrough(decl.name)] : [];
  kinds = [...new Set<ContentKind>([decl.name, ...refs, ...filtered, ...searched, ...(entity.reads ?? [])])].sort();
  reads.set(entity, kinds);
  return kinds;
}

/**
 * What one row's answer (its detail) reads besides the row itself, whose own version is its key
 * (versionsWithRow): the entities its refs name (the related names; its own kind only when it refers to
 * rows of its kind) and what its computed values read. A write to another row of its kind leaves it be.
 */
export function detailReadsOf(entity: ServerEntity): readonly ContentKind[] {
  const refs = Object.values(entity.decl.fields).flatMap((meta) => (meta.kind === 'ref' || meta.kind === 'refs' ? [meta.ref] : []));
  return [...new Set<ContentKind>([...refs, ...(entity.reads ?? [])])].sort();
}
