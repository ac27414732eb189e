/** SPEC §3: the current user as the booking dialog sees it (camelCase or snake_case fields). */
export interface DialogUser {
  firstName?: string;
  first_name?: string;
  lastName?: string;
  last_name?: string;
  username?: string;
  user_name?: string;
  email?: string;
  phone?: string;
}

export const firstName = (u: DialogUser | null | undefined) => (u?.firstName ?? u?.first_name ?? '').trim();
export const lastName = (u: DialogUser | null | undefined) => (u?.lastName ?? u?.last_name ?? '').trim();
export const fullName = (u: DialogUser | null | undefined) => [firstName(u), lastName(u)].filter(Boolean).join(' ');

/** First plus last name, else username, else email, else 'User'. */
export function displayName(u: DialogUser | null | undefined): string {
  return fullName(u) || (u?.username ?? u?.user_name ?? '').trim() || (u?.email ?? '').trim() || 'User';
}
