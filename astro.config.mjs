import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import keepRenderer from './server/site/astro-renderer.ts';
import finishPages from './server/site/finish-pages.ts';
import { pageDirectives } from './src/lib/shared/csp.ts';
import { EARLY_SCRIPT_HASHES } from './src/lib/shared/early-script.ts';

// Pages are pre-rendered from the API at build time; SITE_URL gives canonical URLs and the sitemap.
// Two JSX runtimes side by side: the public islands (src/islands) run on Preact with its React
// compatibility layer (a fraction of react-dom's weight, for phones on slow networks); the console
// (src/admin, client-only under /admin and /dashboard) stays React. Each island file says
// `@jsxImportSource preact` and imports hooks from 'preact/compat', so no global react alias is needed.
// Incremental builds: pages whose cacheKey (a hash of the data they render) and code are unchanged
// are copied from the previous build (kept in cacheDir) instead of being rendered again.
// keepRenderer (only when the rebuild runner sets SITE_RENDERER_OUT) keeps the compiled pages so
// that a rebuild after a content change renders just the changed pages, without Vite
// (server/site/render.ts).
// security.csp: each page carries a policy with the hashes of its inline scripts and styles, and
// no 'unsafe-inline' (src/lib/shared/csp.ts says why and adds the other directives); the one inline
// script of our own (src/lib/shared/early-script.ts, at the top of <body>) is added by its hash.
// finishPages preloads in each page's <head> the modules its scripts import and keeps in its policy
// only the hashes of its own inline scripts and styles (server/site/finish-pages.ts).
/** Modules of the public site's client code: Preact islands, the libraries and src/lib they use, Vite's preload helper. */
const PUBLIC_CODE =
  /[\\/](?:node_modules[\\/](?:preact|@preact|@astrojs[\\/]preact|nanostores|ky)|src[\\/](?:islands|lib))[\\/]|^\0vite\/preload-helper/;
/**
 * Modules that build zod schemas: the contract, the console's forms and the `*-contract.ts` modules
 * islands load lazily. Kept out of the shared chunk, which would otherwise take zod (~40 KB gzip)
 * with them onto every page; only the islands with forms load them.
 */
const SCHEMA_CODE = /[\\/]src[\\/]lib[\\/](?:contract[\\/]|forms[\\/]|.*-contract\.ts$)/;
/**
 * The shared chunks, each the public code (minus schemas) that its entries import statically:
 * `site` what every page runs at once (the chrome's islands, the pages' processed scripts, Preact's
 * renderer), `cards` what the islands showing cards add (lists, site search, shortlist, compare).
 * What only other islands share (tracking, booking, forum) is left to the bundler's own chunks, so
 * a page loads it only where it is used; the pages preload every chunk they import
 * (server/site/module-preloads.ts), so more chunks are no longer more round trips one after another.
 */
const CHUNK_ENTRIES = {
  site: /[\\/]src[\\/]islands[\\/]chrome\.tsx$|\.astro\?astro&type=script|@astrojs[\\/]preact[\\/]dist[\\/]client/,
  cards: /[\\/]src[\\/]islands[\\/](ListSearch|SiteSearch|Shortlist|Compare)\.tsx$/,
};
/** group → the modules its entries import statically, found once the client build has read them all */
const reachable = Object.fromEntries(Object.keys(CHUNK_ENTRIES).map((name) => [name, new Set()]));
const findSharedCode = {
  name: 'studyabroad:shared-chunks',
  buildEnd() {
    if (this.environment?.name !== 'client') return;
    for (const [name, entry] of Object.entries(CHUNK_ENTRIES)) {
      const found = reachable[name];
      const visit = (id) => {
        if (found.has(id)) return;
        found.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      for (const id of this.getModuleIds()) if (entry.test(id)) visit(id);
    }
  },
};
const sharedSiteCode = (group) => (id) => PUBLIC_CODE.test(id) && !SCHEMA_CODE.test(id) && reachable[group].has(id);

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'always',
  integrations: [
    preact({ include: ['**/src/islands/**/*.tsx'] }),
    react({ include: ['**/src/admin/**/*.tsx'] }),
    keepRenderer(),
    finishPages(),
  ],
  build: { format: 'directory', inlineStylesheets: 'always' },
  security: { csp: { directives: pageDirectives(process.env), scriptDirective: { hashes: EARLY_SCRIPT_HASHES } } },
  experimental: { incrementalBuild: true },
  // Tailwind CSS 4: design tokens in the one @theme of src/styles/theme.css, utilities generated from what the pages use
  vite: {
    plugins: [tailwindcss(), findSharedCode],
    // Fewer round trips on slow phone networks (issue 22): the public code that two or more
    // entries share (Preact, its Astro renderer, stores, API client, the shared islands' parts)
    // goes into one chunk instead of ~20 small ones fetched as a waterfall. The console's React
    // code is never in it, so it never loads on public pages, nor are the schemas (SCHEMA_CODE).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'site', test: sharedSiteCode('site'), minShareCount: 2, priority: 2 },
                  { name: 'cards', test: sharedSiteCode('cards'), minShareCount: 2, priority: 1 },
                ],
              },
            },
          },
        },
      },
    },
  },
});
