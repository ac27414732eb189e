/**
 * /flags/au.svg: the flag of each country a destination names (`flag` fields), copied from the
 * maintained flag-icons package at build time, so a page loads only the flags it shows.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { APIRoute, GetStaticPaths } from 'astro';
import { entities, type EntityDeclaration } from '../../lib/contract/index.ts';
import { flagOf } from '../../lib/site/cards.ts';
import { rows, SITE_ENTITIES } from '../_lib/content.ts';

const flags = createRequire(import.meta.url)
  .resolve('flag-icons/flags/4x3/np.svg')
  .replace(/np\.svg$/, '');

export const getStaticPaths = (async () => {
  const codes = new Set<string>();
  for (const name of SITE_ENTITIES) {
    const decl = entities[name] as EntityDeclaration;
    if (!Object.values(decl.fields).some((meta) => meta.flag)) continue;
    for (const row of await rows(name)) {
      const flag = flagOf(decl, row);
      const code = flag?.slice('/flags/'.length, -'.svg'.length);
      // a code flag-icons does not know has no flag to copy
      if (code && existsSync(`${flags}${code}.svg`)) codes.add(code);
    }
  }
  // a flag's file is the package's (its version is in the lockfile, which a data-only rebuild checks): the code is its key
  return [...codes].map((code) => ({ params: { code }, cacheKey: code }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(await readFile(`${flags}${params.code}.svg`), { headers: { 'Content-Type': 'image/svg+xml' } });
