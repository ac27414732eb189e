import { users, type Role } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { FIRST_NAMES, LAST_NAMES, mobileNumber } from '../data/nepal.ts';
import type { Random } from '../random.ts';
import type { SeedContext } from './context.ts';

/** The accounts a visitor can try; the start script prints them. */
export const DEMO_ACCOUNTS: readonly { email: string; role: Role }[] = [
  { email: 'admin@example.com', role: 'admin' },
  { email: 'consultancy@example.com', role: 'consultancy' },
  { email: 'college@example.com', role: 'college' },
  { email: 'university@example.com', role: 'university' },
  { email: 'student@example.com', role: 'student' },
];

const FORUM_MEMBERS = 10;

const person = (rng: Random, n: number) => ({ first_name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES), phone: mobileNumber(n) });

/** The demo accounts and the students who write in the forum; answers the ids of the students. */
export async function seedAccounts(
  { tx, rng }: SeedContext,
  passwordHash: string,
  owned: { consultancyId: number; collegeId: number; universityId: number },
): Promise<number[]> {
  const institution = {
    consultancy: { consultancy_id: owned.consultancyId },
    college: { college_id: owned.collegeId },
    university: { university_id: owned.universityId },
  } as const;
  const demo = DEMO_ACCOUNTS.map((a, i) => ({
    email: a.email,
    role: a.role,
    password_hash: passwordHash,
    ...person(rng, 500 + i),
    ...(a.role in institution ? institution[a.role as keyof typeof institution] : {}),
  }));
  const members = Array.from({ length: FORUM_MEMBERS }, (_, i) => {
    const p = person(rng, 600 + i);
    return {
      ...p,
      email: `${p.first_name}.${p.last_name}${i + 1}@example.com`.toLowerCase(),
      role: 'student' as const,
      password_hash: passwordHash,
    };
  });
  const ids = await insertRows(tx, users, [...demo, ...members]);
  return ids.filter((_, i) => i >= demo.length || demo[i]!.role === 'student');
}
