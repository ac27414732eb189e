/**
 * The Content-Security-Policy of every page, console and API reply, in one place. Access and
 * refresh tokens live in localStorage, so a script injected into any page could take them: scripts
 * run only from our own origin or when their exact text is hashed in the page's policy.
 *
 * Pages: `astro build` writes a <meta http-equiv> policy into each page with the hashes of its
 * inline scripts and styles (security.csp in astro.config.mjs); the directives below complete it.
 * A <meta> policy cannot say who may frame the page, so the server adds PAGE_HEADER_POLICY as a
 * header on HTML. API replies (JSON, media) get API_POLICY: they are never documents to run.
 */
import { createHash } from 'node:crypto';

/** The policy's source for an inline script or style of exactly this text (without its quotes). */
export const hashSource = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** Origins besides our own that serve uploaded media: MEDIA_BASE_URL when it is absolute (an S3 bucket or a CDN). */
export function mediaOrigins(mediaBaseUrl: string | undefined): string[] {
  if (!mediaBaseUrl || mediaBaseUrl.startsWith('/')) return [];
  try {
    return [new URL(mediaBaseUrl).origin];
  } catch {
    return [];
  }
}

/** The directives Astro adds to its script-src and style-src hashes in each page's <meta>. */
export function pageDirectives(env: Record<string, string | undefined>): string[] {
  const media = mediaOrigins(env.MEDIA_BASE_URL);
  const withMedia = (directive: string) => [directive, "'self'", ...media].join(' ');
  return [
    "default-src 'self'",
    withMedia('img-src'),
    withMedia('media-src'),
    withMedia('connect-src'),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/** On every HTML response, beside the page's own <meta> policy (which may not carry frame-ancestors). */
export const PAGE_HEADER_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * The service worker's own policy (a worker obeys the header it was served with, not the page's):
 * it fetches our own origin only, to keep pages, scripts and public reads for offline use.
 */
export const WORKER_POLICY = "default-src 'none'; connect-src 'self'";

/** On API replies and media (as @fastify/helmet takes it): nothing in them may load or run, and nobody may frame them. */
export const API_DIRECTIVES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** The API reference (Swagger UI) comes with a policy of its own, with the hashes of its inline parts: framed by nobody, no https upgrade on plain-http hosts. */
export const docsPolicy = (policy: string) =>
  policy
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .trim();
