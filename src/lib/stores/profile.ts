import { atom } from 'nanostores';
import type { Profile } from '../shared/qualify.ts';
import type { StudentProfile } from '../contract/bodies/profile.ts';
import { mergeIntoAccount } from '../api/profile.ts';
import { $session } from './session.ts';

/**
 * The student's profile for "Do I qualify?" (issue 27): scores, grades, study gap and funds, entered
 * once and kept on the device (localStorage, the same in every tab) like the shortlist, so it is
 * there offline and without an account.
 */
export const $profile = atom<Profile>({});

const KEY = 'qualify_profile';
const SYNCED_KEY = 'qualify_profile_synced_for';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function read(): Profile {
  try {
    const p = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Profile) : {};
  } catch {
    return {};
  }
}

let loaded = false;
/** Reads the device's profile once per page, and follows changes made in other tabs. */
export function loadProfile() {
  if (loaded) return;
  loaded = true;
  $profile.set(read());
  if (typeof window !== 'undefined') window.addEventListener('storage', (e) => e.key === KEY && $profile.set(read()));
}

function keep(profile: Profile) {
  const clean = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== null && v !== undefined)) as Profile;
  storage()?.setItem(KEY, JSON.stringify(clean));
  $profile.set(clean);
}

const profileSchema = () => import('./profile-contract.ts').then((m) => m.studentProfile);

const signedIn = () => Boolean($session.get().access && $session.get().user);

/**
 * Keeps the profile on the device at once, and on the account when signed in; a part left empty
 * (null) is removed from both. Gives the field errors of a profile off its scales instead.
 */
export async function saveProfile(profile: StudentProfile): Promise<Record<string, string[]> | null> {
  const checked = (await profileSchema()).safeParse(profile);
  if (!checked.success) return Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), [i.message]]));
  keep(checked.data as Profile);
  if (signedIn()) {
    const reply = await mergeIntoAccount(checked.data).catch(() => null);
    if (reply) keep(reply.profile as Profile);
  }
  return null;
}

/** Once per account on this device: the device's profile merged into the account's, and the result kept on the device. */
export async function syncProfileWithAccount(): Promise<void> {
  const user = $session.get().user;
  if (!signedIn() || !user || storage()?.getItem(SYNCED_KEY) === String(user.id)) return;
  const reply = await mergeIntoAccount((await profileSchema()).catch({}).parse($profile.get())).catch(() => null);
  if (!reply) return;
  keep(reply.profile as Profile);
  storage()?.setItem(SYNCED_KEY, String(user.id));
}

/** The form's fields: English tests with overall and lowest, grades with their scale, the gap and funds. */
export const PROFILE_TESTS = [
  { key: 'ielts', label: 'IELTS', lowest: 'Lowest band', step: 0.5 },
  { key: 'pte', label: 'PTE', lowest: 'Lowest score', step: 1 },
  { key: 'toefl', label: 'TOEFL iBT', lowest: 'Lowest section', step: 1 },
  { key: 'duolingo', label: 'Duolingo', lowest: 'Lowest subscore', step: 1 },
] as const;
export const PROFILE_GRADES = [
  { key: 'plus_two', label: '+2 (NEB) grade' },
  { key: 'bachelor', label: 'Bachelor’s grade' },
] as const;

export type ProfileForm = Record<string, string>;

const text = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '');
const number = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

/** The form's values of a profile. */
export function formOfProfile(p: Profile): ProfileForm {
  const form: ProfileForm = { study_gap_years: text(p.study_gap_years), funds_npr: text(p.funds_npr) };
  for (const t of PROFILE_TESTS)
    Object.assign(form, { [`${t.key}.overall`]: text(p[t.key]?.overall), [`${t.key}.lowest`]: text(p[t.key]?.lowest) });
  for (const g of PROFILE_GRADES)
    Object.assign(form, { [`${g.key}.value`]: text(p[g.key]?.value), [`${g.key}.scale`]: p[g.key]?.scale ?? 'gpa4' });
  return form;
}

/** A profile of the form's values: a test without an overall score, or a grade without a value, is left out (null). */
export function profileOfForm(form: ProfileForm): StudentProfile {
  const out: Record<string, unknown> = { study_gap_years: number(form.study_gap_years), funds_npr: number(form.funds_npr) };
  for (const t of PROFILE_TESTS) {
    const overall = number(form[`${t.key}.overall`]);
    out[t.key] = overall === null ? null : { overall, lowest: number(form[`${t.key}.lowest`]) };
  }
  for (const g of PROFILE_GRADES) {
    const value = number(form[`${g.key}.value`]);
    out[g.key] = value === null ? null : { value, scale: form[`${g.key}.scale`] === 'percent' ? 'percent' : 'gpa4' };
  }
  return out as StudentProfile;
}
