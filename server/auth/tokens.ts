import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '../db/schema/index.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Clocks of two instances (or one clock stepped back by NTP) may differ by a few seconds: a token just issued is not "from the future". */
const CLOCK_TOLERANCE_SECONDS = 5;

export interface AccessClaims {
  sub: number;
  role: Role;
  /** the login (refresh-token family) it belongs to, so ending the login ends the token; only tests mint tokens without one */
  family?: string;
}

export function tokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    /** `issuedAt` (epoch seconds) pins the token: the same claims and moment sign to the same token (HS256 is deterministic) */
    sign: (claims: AccessClaims, issuedAt?: number) =>
      new SignJWT({ role: claims.role, ...(claims.family ? { fam: claims.family } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt(issuedAt)
        .setExpirationTime((issuedAt ?? Math.floor(Date.now() / 1000)) + ACCESS_TOKEN_SECONDS)
        .sign(key),
    /**
     * The refresh token that succeeds `refresh`: derived with the secret, so only the server can
     * compute it, and anyone presenting the same token again gets the same successor (the grace
     * window of two tabs refreshing at once) without the successor being stored in clear.
     */
    successor: (refresh: string) => crypto.createHmac('sha256', key).update(`refresh-successor:${refresh}`).digest('base64url'),
    /** A one-purpose token for a link in a mail (confirm an email address): never an access token. */
    signLink: (purpose: string, sub: number, lifetime: string) =>
      new SignJWT({ purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(sub))
        .setIssuedAt()
        .setExpirationTime(lifetime)
        .sign(key),
    /** The account a link token of `purpose` names; null for an expired, forged or other token. */
    async verifyLink(token: string, purpose: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const sub = Number(payload.sub);
        return payload.purpose === purpose && Number.isInteger(sub) ? sub : null;
      } catch {
        return null;
      }
    },
    /** null for an expired, forged or malformed token */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        // a token that never expires, or claims to live longer than ours do, is not one we issued
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_SECONDS + 60,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const sub = Number(payload.sub);
        if (!Number.isInteger(sub) || (payload.exp as number) - (payload.iat as number) > ACCESS_TOKEN_SECONDS) return null;
        if (!ROLES.includes(payload.role as Role)) return null;
        return { sub, role: payload.role as Role, ...(typeof payload.fam === 'string' ? { family: payload.fam } : {}) };
      } catch {
        return null;
      }
    },
  };
}
