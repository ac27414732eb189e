/**
 * Rows side by side (/compare/?university=3,17): one table row per fact the declaration's detail
 * page states, from the same formatter, so a comparison says what the pages say.
 */
import type { EntityDeclaration, FieldMeta } from '../contract/index.ts';
import { currencyFields } from './cards.ts';

/** At most this many rows side by side: four columns on a wide screen, four stacked cards on a phone. */
export const COMPARE_MAX = 4;

/** What a comparison reads of a declaration. */
export type CompareDeclaration = Pick<
  EntityDeclaration,
  'name' | 'label' | 'plural' | 'path' | 'sitePath' | 'titleField' | 'compareStanding'
> & { fields: [string, FieldMeta][] };

// long text and media do not compare in a cell; the page links to them (plain text such as entry requirements does)
const NOT_COMPARED = new Set(['html', 'image', 'file', 'faqs']);

export function compareDeclaration(decl: EntityDeclaration): CompareDeclaration {
  const currencies = currencyFields(decl);
  const recognition = decl.recognition ? new Set(['register_code', 'register_status', 'register_checked_on']) : new Set<string>();
  const fields = Object.entries(decl.fields)
    .filter(
      ([name, meta]) =>
        name !== decl.titleField &&
        !NOT_COMPARED.has(meta.kind) &&
        !meta.internal &&
        !meta.lead &&
        !meta.cardOnly &&
        !currencies.has(name) &&
        !recognition.has(name),
    )
    .map(([name, { help: _help, max: _max, min: _min, listedOn: _listedOn, ...meta }]) => [name, meta] as [string, FieldMeta]);
  return {
    name: decl.name,
    label: decl.label,
    plural: decl.plural,
    path: decl.path,
    sitePath: decl.sitePath,
    titleField: decl.titleField,
    compareStanding: decl.compareStanding,
    fields,
  };
}
