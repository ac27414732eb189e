/**
 * The layout of a site folder (SITE_DIR, default DATA_DIR/site): builds/<id>/ and the `current`
 * symlink (swap.ts), the compiled pages kept for data-only rebuilds (RENDERER_DIR), the build's
 * copy of the API's lists (DATA_DIR), and the small files that tell one build from the next across
 * processes (npm start and npm run rebuild): the content version of a build, the last start, a lock.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VERSION_FILE = '.site-version';
export const RENDERER_DIR = '.renderer';
export const DATA_DIR = '.data';
const ASTRO_CACHE = '.astro-cache';

/**
 * Astro's incremental cache for builds of the code with this fingerprint, the caches of other code
 * removed. Astro copies a page from its cache when the page's modules are unchanged, but it does not
 * hash the integrations or the client chunking (astro.config.mjs), which name the scripts a page
 * loads: a page copied from a build of other code could name scripts the new build does not have.
 */
export function astroCacheFor(siteDir: string, fingerprint: string): string {
  const root = path.join(siteDir, ASTRO_CACHE);
  const name = fingerprint.slice(0, 16) || 'unversioned';
  fs.mkdirSync(root, { recursive: true });
  for (const entry of fs.readdirSync(root)) if (entry !== name) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  return path.join(root, name);
}
/** siteDir/.next-<pid>-<n>: the folder linked ahead for the next data-only rebuild */
export const STAGING_PREFIX = '.next-';
/** siteDir/.old-<pid>-<n>: pruned builds being deleted */
export const TRASH_PREFIX = '.old-';

let folders = 0;
export const uniqueSuffix = () => `${Date.now()}-${++folders}`;

/** A new folder name under builds/, in the order builds were made. */
export const newBuildDir = (siteDir: string, version: number) =>
  path.join(siteDir, 'builds', `${new Date().toISOString().replace(/[:.]/g, '-')}-v${version}`);

/** The content version the `current` build was made from (null: none yet, e.g. the placeholder). */
export function currentVersion(siteDir: string): number | null {
  try {
    const v = Number(fs.readFileSync(path.join(siteDir, 'current', VERSION_FILE), 'utf8'));
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** Writes the content version a build was made from, by a rename (the file may be a link into the previous build). */
export function writeVersion(dir: string, version: number) {
  const tmp = path.join(dir, `${VERSION_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, String(version));
  fs.renameSync(tmp, path.join(dir, VERSION_FILE));
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The site folder's own name, made once (siteDir/.site-id): instances that share the folder share
 * it, so they take one build lock between them, and instances with folders of their own do not.
 */
export function siteId(siteDir: string): string {
  const file = path.join(siteDir, '.site-id');
  fs.mkdirSync(siteDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomUUID(), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8');
}

/** Takes siteDir/.build.lock (held while a build runs); null when a live process holds it. */
export function lockSite(siteDir: string): (() => void) | null {
  const file = path.join(siteDir, '.build.lock');
  fs.mkdirSync(siteDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) return null;
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  return null;
}

/** Folders linked for a next rebuild, or pruned builds, left by processes that are gone. */
export function removeLeftovers(siteDir: string) {
  for (const name of fs.existsSync(siteDir) ? fs.readdirSync(siteDir) : []) {
    const prefix = [STAGING_PREFIX, TRASH_PREFIX].find((p) => name.startsWith(p));
    const pid = prefix ? Number(name.slice(prefix.length).split('-')[0]) : 0;
    if (pid && !isAlive(pid)) fs.rmSync(path.join(siteDir, name), { recursive: true, force: true });
  }
}

/** When the last build started, kept in siteDir so that a day-old build is known across processes. */
export function lastStartOf(siteDir: string, now: () => number) {
  const file = path.join(siteDir, '.last-build-start');
  let last = -Infinity;
  try {
    last = Number(fs.readFileSync(file, 'utf8')) || -Infinity;
  } catch {
    /* never built here */
  }
  return {
    get: () => last,
    mark() {
      last = now();
      fs.mkdirSync(siteDir, { recursive: true });
      fs.writeFileSync(file, String(last));
    },
  };
}
