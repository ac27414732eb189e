import { entities, type EntityDeclaration, type EntityName } from '../../lib/contract/index.ts';
import type { Resource } from './resource.ts';

/** The entities whose fees, intakes or deadlines are confirmed (`confirmed`): the staleness report's kinds. */
const CONFIRMABLE = (Object.values(entities) as EntityDeclaration[]).filter((d) => d.confirmed).map((d) => d.name);

/** The staleness report: fees and dates nobody confirmed lately, each confirmed with one action. */
export const stale: Resource = {
  name: 'stale',
  label: 'Fees and dates to confirm',
  plural: 'Fees and dates to confirm',
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Name', column: true },
    entity: { kind: 'select', label: 'Kind', options: CONFIRMABLE, column: true },
    checked_on: { kind: 'date', label: 'Last confirmed', column: true },
  },
  filters: { entity: { label: 'Kind', kind: 'select', options: CONFIRMABLE } },
  multipart: false,
  list: 'reports/stale',
  updateMethod: 'patch',
  ordering: [],
  readOnly: true,
  rowAction: {
    label: 'Still correct',
    path: (row) => `${entities[row.entity as EntityName].path}/${row.id}/still-correct`,
    done: (title) => `"${title}" confirmed as still correct today.`,
  },
};
