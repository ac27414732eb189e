import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import type { Storage } from '../../storage/index.ts';
import type { Db } from '../index.ts';
import { destinations } from '../schema/index.ts';
import type { Tx } from './bulk.ts';
import { createImagePool } from './images.ts';
import { Random } from './random.ts';
import { ensureSingletons } from './singletons.ts';
import { seedAccounts } from './steps/accounts.ts';
import { seedActivity } from './steps/activity.ts';
import { seedComplaints } from './steps/complaints.ts';
import { seedAds, seedSettings } from './steps/ads.ts';
import { seedEditorial } from './steps/editorial.ts';
import { seedForum } from './steps/forum.ts';
import { seedInstitutions } from './steps/institutions.ts';
import { seedConsultancyBranches } from './steps/branches.ts';
import { seedLicences } from './steps/licences.ts';
import { seedReference } from './steps/reference.ts';
import { seedMoney } from './steps/money.ts';
import { seedPlans, seedTestSessions } from './steps/plans.ts';
import { seedReviews } from './steps/reviews.ts';
import { seedSynonyms } from './steps/synonyms.ts';
import { seedUniversities } from './steps/universities.ts';

export { DEMO_ACCOUNTS } from './steps/accounts.ts';

const SEED = 20261101;
/** Serialises concurrent first starts: the second waits, then finds the content and stops. */
const SEED_LOCK = 7_226_101;

const hasContent = async (db: Db | Tx) => (await db.select({ n: sql<number>`count(*)::int` }).from(destinations))[0]!.n > 0;

/**
 * Fills an empty database with deterministic demo content for Nepali students, in one transaction.
 * Does nothing when content exists. With `production` no accounts are created (and so no forum posts).
 * Licence documents go to `privateStorage`, like every personal or confidential file.
 */
export async function seedDemo(
  db: Db,
  storage: Storage,
  options: { password: string; production: boolean; now?: number; privateStorage: Storage },
): Promise<{ seeded: boolean }> {
  await ensureSingletons(db);
  if (await hasContent(db)) return { seeded: false };
  const images = await createImagePool(storage);
  const passwordHash = options.production ? null : await hashPassword(options.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasContent(tx)) return { seeded: false };
    const ctx = { tx, rng: new Random(SEED), images, storage, now: options.now ?? Date.now() };
    const ref = await seedReference(ctx);
    const unis = await seedUniversities(ctx, ref);
    const institutions = await seedInstitutions(ctx, ref, unis);
    await seedEditorial(ctx, ref, unis, institutions);
    await seedAds(ctx);
    await seedActivity(ctx, ref, unis, institutions);
    await seedComplaints(ctx, institutions);
    const promotable = await seedLicences(ctx, options.privateStorage, institutions);
    // the banner features a consultancy it may promote: verified, with a valid licence
    await seedSettings(ctx, promotable[0]!);
    // the demo account's consultancy, the featured one and every 40th have branches
    const withBranches = [
      institutions.demoConsultancyId,
      promotable[0]!,
      ...institutions.consultancies.filter((_, i) => i > 0 && i % 40 === 0).map((c) => c.id),
    ];
    await seedConsultancyBranches(ctx, ref, [...new Set(withBranches)]);
    await seedReviews(ctx, institutions);
    await seedMoney(ctx);
    await seedSynonyms(ctx);
    await seedPlans(ctx, ref);
    await seedTestSessions(ctx, ref);
    // Accounts come last so that production (no accounts) draws the same random content before them.
    if (passwordHash) {
      const owned = { consultancyId: institutions.demoConsultancyId, collegeId: institutions.demoCollegeId, universityId: unis[0]!.id };
      await seedForum(ctx, await seedAccounts(ctx, passwordHash, owned));
    }
    return { seeded: true };
  });
}
