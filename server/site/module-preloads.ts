import fs from 'node:fs';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';

/**
 * `<link rel="modulepreload">` for the modules a page's scripts import before they can run.
 *
 * A page names its islands' files (`component-url`, `renderer-url`) and its processed scripts, and
 * the browser learns of what those import (the shared `site` chunk: Preact, ky, the stores) only
 * once each has arrived: on a slow line one round trip and more later (issue 27: slow 3G, usable
 * within 2.5 s). Listed in <head>, they load beside the files that import them. Only for what runs
 * at once (islands `client:load`, module scripts): an island hydrated later loads its own later.
 *
 * Applied to every page a build writes (finish-pages.ts). Adding is idempotent.
 */

/** the module files a page runs at once */
function runAtOnce(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\sclient="load"/.test(tag)) continue;
    for (const [, url] of tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)) urls.push(url!);
  }
  for (const [, url] of html.matchAll(/<script type="module" src="([^"]+)"/g)) urls.push(url!);
  return urls.filter((u) => u.startsWith('/') && u.endsWith('.js'));
}

/** A page transformer for the build in `buildDir` (its `/_astro/` files read once each). */
export async function modulePreloads(buildDir: string): Promise<(html: string) => string> {
  await init;
  const imports = new Map<string, string[]>();
  const importsOf = (url: string): string[] => {
    let found = imports.get(url);
    if (!found) {
      let code = '';
      try {
        code = fs.readFileSync(path.join(buildDir, url), 'utf8');
      } catch {
        // not in this build (a page of another build's scripts): nothing to add for it
      }
      // static imports only (d === -1); a dynamic import() loads when asked for
      found = parse(code)[0]
        .filter((s) => s.d === -1 && s.n?.startsWith('.'))
        .map((s) => path.posix.join(path.posix.dirname(url), s.n!));
      imports.set(url, found);
    }
    return found;
  };
  return (html: string) => {
    const direct = runAtOnce(html);
    const needed = new Set<string>();
    const visit = (url: string) => {
      for (const dep of importsOf(url))
        if (!needed.has(dep)) {
          needed.add(dep);
          visit(dep);
        }
    };
    direct.forEach(visit);
    // what the page names already (its own scripts, a preload added before) is not listed again
    const missing = [...needed].filter((url) => !html.includes(`"${url}"`)).sort();
    if (missing.length === 0 || !html.includes('</head>')) return html;
    return html.replace('</head>', `${missing.map((url) => `<link rel="modulepreload" href="${url}">`).join('')}</head>`);
  };
}
