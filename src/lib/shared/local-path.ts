/**
 * A path of this site to send a user to, from input anyone can write (?next=, the referrer), or
 * null. Browsers forgive a lot in URLs: `/\evil.example`, `/<tab>/evil.example` and `/.//evil.example`
 * all start with one slash yet lead to another site. So the candidate is resolved the way the
 * browser will resolve it, and only a same-origin result whose path starts with a single '/' is
 * kept, in its resolved form (what we return is exactly where the browser will go).
 */
export function localPath(candidate: string | null | undefined, origin: string): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (!url.pathname.startsWith('/') || /^\/[/\\]/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
