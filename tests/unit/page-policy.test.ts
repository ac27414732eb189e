import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ownHashesOnly } from '../../server/site/page-policy.ts';

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const ISLAND = '(()=>{self.Astro.load=1})();';
const EARLY = "try{localStorage.getItem('data-saver')}catch(e){}";
const STYLE = 'body{margin:0}';
const OTHER_SCRIPT = '(()=>{self.Astro.idle=1})();';
const OTHER_STYLE = '.plan{color:red}';

/** a page as Astro writes it: every hash of the build in its policy, the quotes written as &#39; */
const page = (body: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self';img-src 'self'; script-src 'self' ${[
    ISLAND,
    OTHER_SCRIPT,
    EARLY,
  ]
    .map((s) => `&#39;${hash(s)}&#39;`)
    .join(
      ' ',
    )}; style-src 'self' ${[STYLE, OTHER_STYLE].map((s) => `&#39;${hash(s)}&#39;`).join(' ')};"><style>${STYLE}</style></head><body>${body}</body></html>`;
const policy = (html: string) => /content="([^"]*)"/.exec(html)![1]!;

describe("a page's policy names only its own inline scripts and styles (server/site/page-policy.ts)", () => {
  const html = ownHashesOnly(page(`<script>${EARLY}</script><script>${ISLAND}</script><script type="module" src="/_astro/a.js"></script>`));

  it('keeps the hashes of the scripts and styles the page has, and every other source', () => {
    expect(policy(html)).toBe(
      `default-src 'self';img-src 'self'; script-src 'self' &#39;${hash(ISLAND)}&#39; &#39;${hash(EARLY)}&#39;; style-src 'self' &#39;${hash(STYLE)}&#39;;`,
    );
  });

  it('drops the hashes of what only other pages have, and changes nothing else in the page', () => {
    expect(policy(html)).not.toContain(hash(OTHER_SCRIPT));
    expect(policy(html)).not.toContain(hash(OTHER_STYLE));
    expect(html.replace(policy(html), '')).toBe(
      page(`<script>${EARLY}</script><script>${ISLAND}</script><script type="module" src="/_astro/a.js"></script>`).replace(
        policy(page('')),
        '',
      ),
    );
  });

  it('is idempotent, and leaves a page without a policy as it was', () => {
    expect(ownHashesOnly(html)).toBe(html);
    const plain = '<html><head></head><body><script>1</script></body></html>';
    expect(ownHashesOnly(plain)).toBe(plain);
  });
});
