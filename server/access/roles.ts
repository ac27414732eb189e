import type { SessionUser } from '../plugins/auth.ts';

/** Admins read and change everything (and moderate the forum). */
export const isAdmin = (user: Pick<SessionUser, 'role'> | null | undefined) => user?.role === 'admin';
