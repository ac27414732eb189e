import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { studentProfiles } from '../db/schema/index.ts';
import type { StudentProfile } from '../../src/lib/contract/bodies/profile.ts';

/** The account's profile, {} when it has none. */
export async function profileOf(db: Db, userId: number): Promise<{ profile: StudentProfile; updated_at: string | null }> {
  const [row] = await db.select().from(studentProfiles).where(eq(studentProfiles.user_id, userId));
  return { profile: (row?.profile ?? {}) as StudentProfile, updated_at: row?.updated_at ?? null };
}

/**
 * Merges a device's profile into the account's: each part the device gives replaces the account's,
 * the parts it leaves out stay (a second phone with only an IELTS score keeps the grades entered on
 * the first). One statement, so two devices merging at once both land.
 */
export async function mergeProfile(db: Db, userId: number, profile: StudentProfile) {
  const given = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
  const cleared = Object.keys(given).filter((k) => given[k] === null);
  const kept = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null));
  const json = JSON.stringify(kept);
  await db
    .insert(studentProfiles)
    .values({ user_id: userId, profile: kept })
    .onConflictDoUpdate({
      target: studentProfiles.user_id,
      // a part sent as null is removed from the account's profile
      set: {
        profile: sql`(${studentProfiles.profile}${sql.join(cleared.map((k) => sql` - ${k}::text`))}) || ${json}::jsonb`,
        updated_at: sql`now()`,
      },
    });
  return profileOf(db, userId);
}
