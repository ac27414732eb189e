import { ApiError } from '../api/client.ts';
import { KEYS } from '../stores/session.ts';

/**
 * SPEC §5: dashboard calls are refused before anything is sent when the stored access token or the
 * stored institution id is missing. Status 0: the request never left the browser.
 */
export type Institution = 'consultancy' | 'college' | 'university';

export const NOT_LOGGED_IN = 'User not logged in';

export const MISSING_ID: Record<Institution, string> = {
  consultancy: 'Consultancy ID is missing. Please log in again.',
  college: 'College ID is missing. Please log in again.',
  university: 'University ID is missing. Please log in again.',
};

const ID_KEY = { consultancy: KEYS.consultancyId, college: KEYS.collegeId, university: KEYS.universityId } as const;

export interface StoredReader {
  getItem(key: string): string | null;
}

const defaultStorage = (): StoredReader | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The stored token, or the 'User not logged in' refusal. */
export function requireToken(storage: StoredReader | null = defaultStorage()): string {
  const token = storage?.getItem(KEYS.access);
  if (!token) throw new ApiError(NOT_LOGGED_IN, 0);
  return token;
}

/** The stored token and institution id, or the matching refusal. */
export function requireDashboard(kind: Institution, storage: StoredReader | null = defaultStorage()): { token: string; id: string } {
  const token = requireToken(storage);
  const id = storage?.getItem(ID_KEY[kind]);
  if (!id || id === 'null' || id === 'undefined') throw new ApiError(MISSING_ID[kind], 0);
  return { token, id };
}
