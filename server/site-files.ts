import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_HEADER_POLICY } from '../src/lib/site/csp.ts';
import { localPath } from '../src/lib/site/local-path.ts';

/**
 * The built site lives in `siteDir/current`, a symlink the rebuild runner swaps atomically; every
 * request resolves it anew, so a visitor sees either the old build or the new one, never half.
 */
export const currentSite = (siteDir: string) => path.join(siteDir, 'current');

const PLACEHOLDER = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Study abroad Nepal: building the site</title><meta http-equiv="refresh" content="10">
<body style="font:16px/1.5 system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>The site is being built</h1><p>This page reloads itself until the first build is done (about a minute). Meanwhile:</p>
<ul><li><a href="/api/docs">API reference</a></li><li><a href="/api/consultancy/">Consultancies (JSON)</a></li></ul></body></html>`;

/** Before the first build, `current` points at a plain page linking to what exists. */
export function ensureSitePlaceholder(siteDir: string) {
  const current = currentSite(siteDir);
  if (fs.existsSync(current)) return;
  const placeholder = path.join(siteDir, 'placeholder');
  fs.mkdirSync(placeholder, { recursive: true });
  fs.writeFileSync(path.join(placeholder, 'index.html'), PLACEHOLDER);
  fs.symlinkSync('placeholder', current);
}

/**
 * Requests outside /api that match no file: the console shell for its client routes, else 404.html.
 * A form posted natively (its island not live yet: the forms are method="post" so that nothing
 * typed ends up in a URL) is sent back to its page, with nothing of what it carried.
 */
export function siteNotFound(siteDir: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (request.method === 'POST' && !pathname.startsWith('/api/')) return reply.redirect(localPath(request.url, 'http://site.invalid') ?? '/', 303);
    // Client-routed parts: the console, and forum questions asked after the last build.
    const shell = ['admin', 'dashboard'].find((p) => pathname === `/${p}` || pathname.startsWith(`/${p}/`)) ?? (/^\/forum\/\d+\/?$/.test(pathname) ? 'forum' : undefined);
    const file = path.join(currentSite(siteDir), shell ? `${shell}/index.html` : '404.html');
    const html = await fs.promises.readFile(file).catch(() => null);
    if (!html) return reply.status(404).type('text/plain').send('Not found');
    return reply.status(shell ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', PAGE_HEADER_POLICY).send(html);
  };
}

/** Serves the built site; hashed assets are cached for a year, pages revalidated. */
export async function serveSite(app: FastifyInstance, siteDir: string) {
  ensureSitePlaceholder(siteDir);
  await app.register(fastifyStatic, {
    root: currentSite(siteDir),
    prefix: '/',
    wildcard: true,
    decorateReply: false,
    preCompressed: false,
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.includes(`${path.sep}_astro${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      // pages carry their full policy in a <meta>; the API's default-src 'none' would block them
      if (filePath.endsWith('.html')) res.header('content-security-policy', PAGE_HEADER_POLICY);
    },
  });
}
