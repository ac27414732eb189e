import { synonyms } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { SYNONYM_GROUPS } from '../data/synonyms.ts';
import type { SeedContext } from './context.ts';

/** The demo's synonym groups: its countries', levels' and exams' other names. */
export async function seedSynonyms({ tx }: Pick<SeedContext, 'tx'>): Promise<void> {
  await insertRows(tx, synonyms, SYNONYM_GROUPS);
}
