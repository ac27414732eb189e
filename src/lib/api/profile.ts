import type { StudentProfile } from '../contract/bodies/profile.ts';
import { call, json } from './client.ts';

/** The signed-in account's "Do I qualify?" profile (the one client adds the session's token). */
type Reply = { profile: StudentProfile; updated_at: string | null };

export const mergeIntoAccount = (profile: StudentProfile) =>
  call('Failed to save your profile', json<Reply>('auth/profile/', { method: 'post', json: profile }));
