import type { FiledComplaint } from '../api/complaints.ts';

/**
 * The confirmation of a filed complaint lasts: it is kept in this history entry's state, so Back
 * from the follow-up page (or a reload) returns to it rather than to a blank form, while a new visit
 * to /complaint/ (a new entry) starts a new complaint.
 */
const KEY = 'filedComplaint';

/** The API's answer, with the address the code was also mailed to. */
export type Filed = FiledComplaint & { email?: string };

export function keepFiled(filed: Filed) {
  history.replaceState({ ...(history.state as object | null), [KEY]: filed }, '');
}

export function filedInHistory(): Filed | null {
  if (typeof history === 'undefined') return null;
  const filed = (history.state as Record<string, unknown> | null)?.[KEY] as Filed | undefined;
  return filed && typeof filed.code === 'string' && typeof filed.reference === 'string' ? filed : null;
}

export function forgetFiled() {
  const { [KEY]: _gone, ...rest } = (history.state as Record<string, unknown> | null) ?? {};
  history.replaceState(rest, '');
}

/** The follow-up page with the code filled in (and checked at once). */
export const followHref = (code: string) => `/complaint/track/?code=${encodeURIComponent(code)}`;
