import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { refreshTokens, users, type Role } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { tokenSigner } from '../auth/tokens.ts';
import type { StaffRole } from '../../src/lib/contract/staff.ts';

/**
 * Who may call a route, declared on every route as `config.access`:
 * 'public' (anyone), 'optional' (anyone; a valid token is read), 'user' (any signed-in account),
 * or a list of roles. The permission-matrix test walks every route by this field.
 */
export type Access = 'public' | 'optional' | 'user' | readonly Role[];

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone: string;
  consultancy_id: number | null;
  college_id: number | null;
  university_id: number | null;
  /** owner or counsellor, for a consultancy account (see src/lib/contract/staff.ts) */
  staff_role: StaffRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** the endpoint takes plain HTML form posts too (server/no-script.ts): their errors are answered as a page */
    plainForm?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    tokens: ReturnType<typeof tokenSigner>;
    /** what `config.access` does, for routes a plugin adds (the API reference's) */
    authorize(request: FastifyRequest, access: Access): Promise<void>;
  }
}

export const sessionColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  first_name: users.first_name,
  last_name: users.last_name,
  phone: users.phone,
  consultancy_id: users.consultancy_id,
  college_id: users.college_id,
  university_id: users.university_id,
  staff_role: users.staff_role,
  active: users.active,
};

export default fp(async (app, opts: { secret: string }) => {
  app.decorate('tokens', tokenSigner(opts.secret));
  app.decorateRequest('user', null);

  async function readUser(request: FastifyRequest): Promise<SessionUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) throw unauthorized('Authorization header must be "Bearer <token>".');
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized('Token is invalid or expired.');
    // Read on every request so a deactivated account, a changed role or an ended login (logout,
    // replayed refresh token, password reset) takes effect at once; one query, the family by its index.
    const revoked = claims.family
      ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.family_id} = ${claims.family} and ${refreshTokens.revoked_at} is not null)`
      : sql<boolean>`false`;
    const [row] = await app.db
      .select({ ...sessionColumns, revoked })
      .from(users)
      .where(eq(users.id, claims.sub));
    if (!row || !row.active) throw unauthorized('This account is not active.');
    const { active: _active, revoked: loginEnded, ...user } = row;
    if (loginEnded) throw unauthorized('This login has ended. Please sign in again.');
    return user;
  }

  async function authorize(request: FastifyRequest, access: Access | undefined) {
    if (!access || access === 'public') return;
    if (access === 'optional') {
      request.user = await readUser(request).catch(() => null);
      return;
    }
    const user = await readUser(request);
    if (!user) throw unauthorized();
    request.user = user;
    if (access !== 'user' && !access.includes(user.role)) throw forbidden();
  }
  app.decorate('authorize', authorize);
  app.addHook('onRequest', (request) => authorize(request, request.routeOptions.config.access));
});
