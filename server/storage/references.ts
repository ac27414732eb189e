import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/index.ts';
import type { Storage } from './index.ts';

/**
 * Every column that holds a stored file's URL. Files are named by their content, so two rows can
 * share one; a file is removed only when no row refers to it any more.
 */
const FILE_COLUMNS: [table: string, column: string, isList?: boolean][] = [
  ['destinations', 'country_logo'],
  ['destinations', 'cover_page'],
  ['exams', 'icon'],
  ['universities', 'logo'],
  ['universities', 'cover'],
  ['colleges', 'logo'],
  ['colleges', 'cover'],
  ['courses', 'icon'],
  ['courses', 'cover_image'],
  ['consultancies', 'logo'],
  ['consultancies', 'cover'],
  ['consultancies', 'gallery', true],
  ['events', 'cover_image'],
  ['scholarships', 'cover_image'],
  ['blogs', 'cover_image'],
  ['news', 'cover_image'],
  ['offers', 'image'],
  ['featured_pages', 'cover_image'],
  ['model_questions', 'pdf'],
  ['ads', 'desktop_image_url'],
  ['ads', 'mobile_image_url'],
  ['application_documents', 'url'],
  ['complaints', 'evidence'],
];

async function referenced(db: Db, url: string): Promise<boolean> {
  const checks = FILE_COLUMNS.map(([table, col, isList]) => {
    const where = isList ? sql`${sql.identifier(col)} @> ARRAY[${url}]::text[]` : sql`${sql.identifier(col)} = ${url}`;
    return sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${where})`;
  });
  const result = await db.execute(sql`SELECT (${sql.join(checks, sql` OR `)}) AS used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}

export async function removeUnreferenced(db: Db, storage: Storage, urls: string[]) {
  for (const url of new Set(urls)) {
    if (!(await referenced(db, url))) await storage.remove(url).catch(() => {});
  }
}
