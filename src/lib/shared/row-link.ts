/** A row's title and its page's path, as cards, pages and mails (deadline reminders) name and link it. */
import type { EntityDeclaration } from '../contract/index.ts';

export type Row = Record<string, unknown> & { id: number; slug?: string };

export const titleOf = (decl: Pick<EntityDeclaration, 'titleField'>, row: Row) =>
  String(row[decl.titleField] ?? row.name ?? row.title ?? `#${row.id}`);
export const keyOf = (row: Row) => String(row.slug || row.id);
export const hrefOf = (decl: Pick<EntityDeclaration, 'sitePath'>, row: Row) => `/${decl.sitePath}/${keyOf(row)}/`;
