import { entityPaths, orderableFields, type EntityDeclaration } from '../../lib/contract/index.ts';
import type { FilterDef, Resource } from './resource.ts';

/** A content entity's resource, straight from its declaration. */
export function fromDeclaration(d: EntityDeclaration): Resource {
  const paths = entityPaths(d);
  const filters: Record<string, FilterDef> = {};
  for (const [k, f] of Object.entries(d.filters ?? {})) {
    // the finders' number and date-window filters are for students; the console finds rows by the others
    if (f.kind === 'min' || f.kind === 'max' || f.kind === 'within') continue;
    filters[k] = { label: f.label, kind: f.kind, ref: f.ref, options: f.options };
  }
  return {
    name: d.name,
    label: d.label,
    plural: d.plural,
    titleField: d.titleField,
    fields: d.fields,
    filters,
    multipart: !!d.multipart,
    list: paths.adminList,
    one: paths.one,
    create: paths.create,
    update: paths.update,
    updateMethod: 'patch',
    remove: paths.remove,
    uses: paths.uses,
    ordering: d.ordering,
    sortable: true,
    orderable: orderableFields(d),
    dropdown: paths.dropdown,
  };
}
