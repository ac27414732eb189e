import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { applicationOfCode } from '../access/codes.ts';
import type { Db } from '../db/index.ts';
import { applicationErasures, consultancies } from '../db/schema/index.ts';
import { removeUnreferenced } from '../storage/references.ts';
import type { Storage } from '../storage/index.ts';
import { APPLICATION_DATA, collectApplicationData } from './application-data.ts';
import { pageWindow, type PageParams } from './paging.ts';

/**
 * The student's data (issue 26): by the tracking code, no account, the student downloads everything
 * held about their application, or has it erased. Both read the registry in application-data.ts.
 */

/** The archive: data.json and the private files, as one zip (documents are already compressed: stored as they are). */
export async function exportArchive(db: Db, storage: Storage, code: string) {
  const application = await applicationOfCode(db, code);
  const { data, files } = await collectApplicationData(db, application.id);
  const entries: Zippable = {};
  const missing: string[] = [];
  for (const file of files) {
    const bytes = await storage.read(file.key);
    if (bytes) entries[file.path] = [bytes, { level: 0 }];
    else missing.push(file.path);
  }
  const json = {
    format: 'studyabroad-application-data',
    version: 1,
    exported_at: new Date().toISOString(),
    ...data,
    missing_files: missing,
  };
  entries['data.json'] = strToU8(JSON.stringify(json, null, 2));
  return { zip: Buffer.from(zipSync(entries)), name: `application-${application.tracking_code}.zip` };
}

/**
 * Erases at once what the registry lists (no admin step: "without undue delay"), leaving the outcome
 * without identity and an audit row admins see; files go from the private store once nothing refers to them.
 */
export async function eraseApplication(app: FastifyInstance, code: string) {
  const application = await applicationOfCode(app.db, code);
  const removed: Record<string, number> = {};
  const keys = await app.db.transaction(async (tx) => {
    const files: string[] = [];
    for (const entry of APPLICATION_DATA) {
      const erased = await entry.erase(tx, application.id);
      removed[entry.name] = erased.rows;
      files.push(...erased.files);
    }
    await tx.insert(applicationErasures).values({
      application_id: application.id,
      consultancy_id: application.consultancy_id,
      removed,
      files_removed: new Set(files).size,
    });
    return files;
  });
  await removeUnreferenced(app.db, app.privateStorage, keys);
  return {
    erased: true as const,
    removed,
    message: 'Your personal data in this application has been erased. The tracking code no longer finds it.',
  };
}

/** The erasures carried out, newest first, for admins. */
export async function listErasures(db: Db, q: PageParams) {
  const e = applicationErasures;
  const [total] = await db.select({ n: count() }).from(e);
  const { limit, offset } = pageWindow(q);
  const results = await db
    .select({
      id: e.id,
      application_id: e.application_id,
      consultancy_id: e.consultancy_id,
      consultancy_name: consultancies.name,
      removed: e.removed,
      files_removed: e.files_removed,
      created_at: e.created_at,
    })
    .from(e)
    .leftJoin(consultancies, eq(consultancies.id, e.consultancy_id))
    .orderBy(desc(e.created_at), desc(e.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, results };
}
