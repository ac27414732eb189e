import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_HEADER_POLICY, WORKER_POLICY } from '../src/lib/shared/csp.ts';
import { localPath } from '../src/lib/shared/local-path.ts';
import { applicationHtml, complaintHtml, fillSlot, notFoundHtml } from './no-script.ts';
import { checkApplication } from './services/applications.ts';
import { followComplaint } from './services/complaints.ts';
import { limit } from './services/limits.ts';
import { HttpError } from './errors.ts';
import { SiteMemory, type SiteFile } from './site-memory.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the built site's files: those other than pages go without the document-only headers (app.ts) */
    siteFiles?: true;
  }
}

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

const PLACEHOLDER_DIR = 'placeholder';

/** Before the first build, `current` points at a plain page linking to what exists. */
export function ensureSitePlaceholder(siteDir: string) {
  const current = currentSite(siteDir);
  if (fs.existsSync(current)) return;
  const placeholder = path.join(siteDir, PLACEHOLDER_DIR);
  fs.mkdirSync(placeholder, { recursive: true });
  fs.writeFileSync(path.join(placeholder, 'index.html'), PLACEHOLDER);
  fs.symlinkSync(PLACEHOLDER_DIR, current);
}

/**
 * Before the first build every page of the site answers the "being built" page, not only `/`: a
 * deep link (/forum/) is as much a page as the home. 503 with Retry-After, so nothing caches or
 * indexes it as the page. Says whether it answered (not the reply: a reply is a thenable, and awaiting
 * it gives undefined, which read as "not answered" sent a second answer).
 */
async function beingBuilt(siteDir: string, reply: FastifyReply): Promise<boolean> {
  const served = await fs.promises.readlink(currentSite(siteDir)).catch(() => null);
  if (served !== PLACEHOLDER_DIR) return false;
  reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('retry-after', '10')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_HEADER_POLICY)
    .send(PLACEHOLDER);
  return true;
}

/**
 * Requests outside /api that match no file: the console shell for its client routes, else 404.html.
 * A form posted natively (its island not live yet: the forms are method="post" so that nothing
 * typed ends up in a URL) is sent back to its page, with nothing of what it carried.
 */
export function siteNotFound(siteDir: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (request.method === 'POST' && !pathname.startsWith('/api/'))
      return reply.redirect(localPath(request.url, 'http://site.invalid') ?? '/', 303);
    // Client-routed parts: the console, and forum questions asked after the last build.
    const shell =
      ['admin', 'dashboard'].find((p) => pathname === `/${p}` || pathname.startsWith(`/${p}/`)) ??
      (/^\/forum\/\d+\/?$/.test(pathname) ? 'forum' : undefined);
    const file = path.join(currentSite(siteDir), shell ? `${shell}/index.html` : '404.html');
    const html = await fs.promises.readFile(file).catch(() => null);
    if (!html) {
      if (await beingBuilt(siteDir, reply)) return reply;
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply
      .status(shell ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PAGE_HEADER_POLICY)
      .send(html);
  };
}

/**
 * Hashed assets are cached for a year, pages revalidated; the service worker never kept by a
 * cache, so a new one reaches every visitor on their next page (and browsers cap it at 24 h anyway).
 */
export function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (path.basename(filePath) === 'sw.js') return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

/** The page policies a file is sent with besides its cache policy. */
function securityPolicy(filePath: string): string | undefined {
  // pages carry their full policy in a <meta>; the API's default-src 'none' would block them
  if (filePath.endsWith('.html')) return PAGE_HEADER_POLICY;
  // the API's default-src 'none' would stop the worker's own fetches (the offline copies)
  if (path.basename(filePath) === 'sw.js') return WORKER_POLICY;
  return undefined;
}

/** A path the memory may answer: inside the build, no dotfile (those, `..` and odd bytes go to @fastify/static, which refuses them as before). */
function sitePath(wildcard: string): string | null {
  if (wildcard.includes('\0') || wildcard.includes('\\') || wildcard.split('/').some((part) => part.startsWith('.'))) return null;
  return wildcard === '' || wildcard.endsWith('/') ? `${wildcard}index.html` : wildcard;
}

/** br, else gzip, when the caller takes it and the file has that copy; else the bytes as they are. */
function encodingFor(request: FastifyRequest, file: SiteFile): { name: 'br' | 'gzip'; body: Buffer } | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.toLowerCase()),
  );
  if (file.br && accepted.has('br')) return { name: 'br', body: file.br };
  if (file.gzip && accepted.has('gzip')) return { name: 'gzip', body: file.gzip };
  return null;
}

/** If-None-Match names this file (in any of its encodings), or, without one, If-Modified-Since is not before it. */
function notModified(request: FastifyRequest, file: SiteFile): boolean {
  const tags = request.headers['if-none-match'];
  const base = file.etag.slice(0, -1);
  if (tags !== undefined)
    return tags.split(',').some((tag) => {
      const t = tag.trim().replace(/^W\//, '');
      return t === '*' || t === file.etag || t === `${base}-br"` || t === `${base}-gzip"`;
    });
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(file.mtimeMs / 1000) * 1000 <= since;
}

/** A file from memory, with the headers @fastify/static sent for it, a strong ETag, and its brotli or gzip copy. */
function sendFromMemory(request: FastifyRequest, reply: FastifyReply, relative: string, file: SiteFile) {
  const policy = securityPolicy(relative);
  const encoding = encodingFor(request, file);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl(path.join(path.sep, relative)))
    .header('last-modified', file.lastModified)
    .type(file.type);
  if (policy) reply.header('content-security-policy', policy);
  if (file.br || file.gzip) reply.header('vary', 'Accept-Encoding');
  if (notModified(request, file)) return reply.header('etag', file.etag).code(304).send();
  if (!encoding) return reply.header('etag', file.etag).send(file.body);
  return reply
    .header('etag', `${file.etag.slice(0, -1)}-${encoding.name}"`)
    .header('content-encoding', encoding.name)
    .send(encoding.body);
}

type SiteRequest = FastifyRequest<{ Params: { '*': string } }>;

/**
 * GET /*: the built site's files from memory (server/site-memory.ts, `maxBytes`), with their cache
 * headers (cacheControl): no file is opened per request, so a page never waits behind a rebuild's
 * file work on libuv's threads. What memory does not answer (a file above the bound, a folder
 * without its slash, a missing file, a Range request) goes to `otherwise`, with the build `current`
 * points at now.
 */
export function siteFromMemory(
  app: FastifyInstance,
  siteDir: string,
  maxBytes: number,
  otherwise: (request: SiteRequest, reply: FastifyReply, build: string) => unknown,
) {
  const memory = new SiteMemory(siteDir, maxBytes);
  app.get<{ Params: { '*': string } }>('/*', { config: { access: 'public', siteFiles: true } }, async (request, reply) => {
    const relative = request.headers.range === undefined ? sitePath(request.params['*']) : null;
    const found = relative ? await memory.lookup(relative) : null;
    if (found) return sendFromMemory(request, reply, relative!, found);
    return otherwise(request, reply, memory.build());
  });
}

/** Serves the built site from memory (siteFromMemory, SITE_CACHE_MB); @fastify/static streams what memory does not answer. */
export async function serveSite(app: FastifyInstance, siteDir: string) {
  ensureSitePlaceholder(siteDir);
  serveTrackingPages(app, siteDir);
  await app.register(fastifyStatic, {
    root: currentSite(siteDir),
    serve: false,
    preCompressed: false,
    setHeaders(res, filePath) {
      res.header('cache-control', cacheControl(filePath));
      const policy = securityPolicy(filePath);
      if (policy) res.header('content-security-policy', policy);
    },
  });
  // one build for the whole answer, the one `current` points at now
  siteFromMemory(app, siteDir, app.config.siteCacheMb * 1024 * 1024, (request, reply, build) => reply.sendFile(request.params['*'], build));
}

/**
 * /track/?code= and /complaint/track/?code=: the built page, with the application or complaint
 * written into its <noscript> slot for a visitor without scripts (server/no-script.ts). Personal,
 * so never stored by a cache; counted against the same limit as the API's look-ups by code.
 */
export function serveTrackingPages(app: FastifyInstance, siteDir: string) {
  const pages = [
    {
      url: '/track/',
      file: 'track/index.html',
      limitName: 'application-check',
      render: async (code: string) => applicationHtml(await checkApplication(app.db, code)),
    },
    {
      url: '/complaint/track/',
      file: 'complaint/track/index.html',
      limitName: 'complaint-follow',
      render: async (code: string) => complaintHtml(await followComplaint(app.db, code)),
    },
  ];
  for (const page of pages) {
    const looks = limit(app, page.limitName, { max: 60, window: '1 minute' });
    app.get(page.url, { config: { access: 'public' } }, async (request, reply) => {
      const html = await fs.promises.readFile(path.join(currentSite(siteDir), page.file), 'utf8').catch(() => null);
      if (html === null) return siteNotFound(siteDir)(request, reply);
      const code = new URL(request.url, 'http://site.invalid').searchParams.get('code')?.trim();
      reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_HEADER_POLICY);
      if (!code) return reply.header('cache-control', 'public, max-age=0, must-revalidate').send(html);
      reply.header('cache-control', 'no-store');
      let result: string;
      try {
        await looks(request, reply);
        result = await page.render(code);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        result = notFoundHtml(err.message);
      }
      return reply.send(fillSlot(html, result));
    });
  }
}
