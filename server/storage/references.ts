import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/index.ts';
import { entities, FILE_KINDS, type EntityDeclaration } from '../../src/lib/contract/index.ts';
import type { Storage } from './index.ts';

export type FileColumn = [table: string, column: string, isList?: boolean];

/** The columns that hold keys of the private store (personal files), never public URLs. */
export const PRIVATE_FILE_COLUMNS: FileColumn[] = [
  ['application_documents', 'storage_key'],
  ['complaints', 'evidence'],
  ['consultancy_licences', 'document_key'],
  ['application_message_files', 'storage_key'],
  ['application_agreements', 'storage_key'],
];

/** Every file field of every declared entity, from the declarations: a new entity's files are counted without a list to keep. */
export const entityFileColumns = (): FileColumn[] =>
  Object.values(entities).flatMap((decl: EntityDeclaration) =>
    Object.entries(decl.fields)
      .filter(([, meta]) => FILE_KINDS.includes(meta.kind))
      .map(([name, meta]): FileColumn => [decl.table, name, meta.multiple === true]),
  );

/**
 * Every column that holds a stored file's reference. Files are named by their content, so two rows
 * can share one; a file is removed only when no row refers to it any more. Public URLs and private
 * keys never look alike (a URL starts with the media base), so one list serves both stores.
 */
export const FILE_COLUMNS: FileColumn[] = [...entityFileColumns(), ...PRIVATE_FILE_COLUMNS];

async function referenced(db: Db, ref: string): Promise<boolean> {
  const checks = FILE_COLUMNS.map(([table, col, isList]) => {
    const where = isList ? sql`${sql.identifier(col)} @> ARRAY[${ref}]::text[]` : sql`${sql.identifier(col)} = ${ref}`;
    return sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${where})`;
  });
  const result = await db.execute(sql`SELECT (${sql.join(checks, sql` OR `)}) AS used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}

export async function removeUnreferenced(db: Db, storage: Storage, refs: string[]) {
  for (const ref of new Set(refs)) {
    if (!(await referenced(db, ref))) await storage.remove(ref).catch(() => {});
  }
}
