import { hashSource } from '../../src/lib/shared/csp.ts';

/**
 * A page's Content-Security-Policy with only the hashes of its own inline scripts and styles.
 *
 * Astro writes into every page's policy the hash of every inline script and style it may emit:
 * every island directive's runtime, every page's own stylesheet. On a consultancy page that was 17
 * hashes for 6 inline elements, about 450 B of gzip that cannot compress (random base64), a thirtieth
 * of the 14 KB a page's HTML has (issue 27). An element this page does not have needs no hash here: a
 * page's inline scripts and styles are all in its HTML, none is added later. Idempotent.
 */

function ownHashes(html: string): Set<string> {
  const own = new Set<string>();
  for (const [, body] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) own.add(hashSource(body!));
  for (const [, body] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) own.add(hashSource(body!));
  return own;
}

export function ownHashesOnly(html: string): string {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html);
  if (!meta) return html;
  const own = ownHashes(html);
  // a hash source is quoted, the quotes written as ' or &#39;, with a space before it
  const policy = meta[1]!.replace(/ (?:'|&#39;)(sha256-[A-Za-z0-9+/]+=*)(?:'|&#39;)/g, (source, hash: string) =>
    own.has(hash) ? source : '',
  );
  return policy === meta[1] ? html : html.replace(meta[0], meta[0].replace(meta[1]!, policy));
}
