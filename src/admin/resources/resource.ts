import type { FieldMeta, FilterMeta } from '../../lib/contract/index.ts';
import type { FormValues, Mode } from '../../lib/forms/prepare.ts';

/** A row as the API lists it: whatever its resource's fields say, and an id. */
export type Row = Record<string, unknown> & { id: number | string };

/**
 * How the console finds a resource's rows: the contract's filter (FilterMeta) as the console shows it.
 * The finders' number and date-window kinds are for students; the console adds `date` (a day from
 * or until which rows were received).
 */
export type FilterDef = Pick<FilterMeta, 'label' | 'ref' | 'options'> & {
  kind: Exclude<FilterMeta['kind'], 'min' | 'max' | 'within'> | 'date';
};

/**
 * One console resource: its screens (label, columns and form fields, filters, order, actions) and the
 * API paths the data provider (src/lib/api/admin.ts) calls for it. One file each in this folder.
 */
export interface Resource {
  name: string;
  label: string;
  plural: string;
  titleField: string;
  fields: Record<string, FieldMeta>;
  filters: Record<string, FilterDef>;
  multipart: boolean;
  /** GET list path */
  list: string;
  /** fixed list parameters (inquiries: all=true) */
  listParams?: Record<string, string>;
  /** GET one path with :id; absent when the API has none */
  one?: string;
  create?: string;
  update?: string;
  updateMethod: 'patch' | 'put' | 'post';
  remove?: string;
  /** GET what uses a row (a delete is refused while anything does); absent: nothing refers to this resource */
  uses?: string;
  /** default order */
  ordering: string[];
  /** the list accepts ?ordering= (content entities) */
  sortable?: boolean;
  /** what ?ordering= accepts, when the list says (content entities: orderableFields); other columns do not sort */
  orderable?: ReadonlySet<string>;
  /** what a dropdown of this resource calls: its own /dropdown/ route or the list */
  dropdown?: string;
  /** list-only resources have no form */
  readOnly?: boolean;
  /** a status change offers only the statuses a row may move to from its own (applications: the next stages), with their labels */
  nextStatuses?: { of: (current: unknown) => readonly string[]; labels: Record<string, string> };
  /** list-only resources: one action on a row, its API call (POST) and what to say after it (stale facts: "Still correct") */
  rowAction?: { label: string; path: (row: Row) => string; done: (title: string) => string };
  /** a body preparation of its own, in place of the generic one (users: institution links) */
  prepare?: (values: FormValues, mode: Mode) => FormData | Record<string, unknown>;
  /**
   * rows an admin removes from the site with a reason shown in their place, and restores (reviews;
   * rows say `removed`): POST paths with :id, the reason's length
   */
  moderate?: { remove: string; restore: string; reason: { min: number; max: number } };
}
