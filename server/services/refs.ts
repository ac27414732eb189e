import { eq } from 'drizzle-orm';
import type { colleges, consultancies, courses, destinations, exams, universities } from '../db/schema/index.ts';
import { badRequest } from '../errors.ts';
import type { Runner } from './tx.ts';

type RefTable = typeof consultancies | typeof colleges | typeof universities | typeof destinations | typeof exams | typeof courses;

/** Every id a form refers to must exist; a missing one is reported on its own field, not as a database error. */
export async function requireRows(db: Runner, refs: Record<string, [RefTable, number | null | undefined]>) {
  const fields: Record<string, string[]> = {};
  for (const [field, [table, id]] of Object.entries(refs)) {
    if (id == null) continue;
    const [row] = await db
      .select({ id: table.id })
      .from(table as typeof consultancies)
      .where(eq(table.id, id));
    if (!row) fields[field] = [`No ${field.replace(/_id$/, '')} with id ${id}.`];
  }
  if (Object.keys(fields).length) throw badRequest('Some values are not valid.', fields);
}
