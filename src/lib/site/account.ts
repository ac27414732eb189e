import type { StoredUser } from '../stores/session.ts';

/** Where an account works: admins in the console, institutions in their dashboard, students nowhere else. */
export function workspaceOf(role: StoredUser['role']): { href: string; label: string } | null {
  if (role === 'admin') return { href: '/admin/', label: 'Console' };
  if (role === 'student') return null;
  return { href: '/dashboard/', label: 'Dashboard' };
}
