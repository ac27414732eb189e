import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './site-dir.ts';

/** The server-side files the compiled pages are rendered with besides src/ (a data-only rebuild runs them). */
const RENDERING_CODE = [
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  'server/site/astro-renderer.ts',
  'server/site/astro-adapter.ts',
  'server/site/render.ts',
  'server/site/finish-pages.ts',
  'server/site/module-preloads.ts',
  'server/site/page-policy.ts',
];

/** The files the fingerprint reads, in a fixed order. */
function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(path.join(root, 'src'));
  walk(path.join(root, 'public'));
  for (const f of RENDERING_CODE) {
    const file = path.join(root, f);
    if (fs.existsSync(file)) files.push(file);
  }
  return files;
}

/** Files changed this recently are read whatever their stamp says (see below). */
const RACY_MS = 2000;
// the last fingerprint and what the files looked like (name, size, mtime) when it was taken
let last: { stamp: string; fingerprint: string } | null = null;

/**
 * What the compiled pages depend on besides content: the site's code, public files, config and
 * lockfile, SITE_URL and MEDIA_BASE_URL. A data-only rebuild needs the one `current` was built from.
 * Every rebuild asks; the files are read and hashed again only when one's name, size or mtime moved
 * (a stat each, ~5 ms, instead of reading and hashing 2 MB, ~20 ms). `root`: the project (a test's copy).
 */
export function sourceFingerprint(siteUrl = process.env.SITE_URL ?? '', root = PROJECT_ROOT): string {
  const files = sourceFiles(root);
  // the pages' Content-Security-Policy names the media origin (src/lib/shared/csp.ts)
  const settings = `SITE_URL=${siteUrl}\0MEDIA_BASE_URL=${process.env.MEDIA_BASE_URL ?? ''}`;
  let newest = 0;
  const stamp = [
    settings,
    ...files.map((file) => {
      const { size, mtimeMs } = fs.statSync(file);
      newest = Math.max(newest, mtimeMs);
      return `${file}\0${size}\0${mtimeMs}`;
    }),
  ].join('\n');
  if (last?.stamp === stamp) return last.fingerprint;
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  hash.update(settings);
  const fingerprint = hash.digest('hex');
  // mtimes tick coarsely: a file written in the last RACY_MS may be written again, to the same size,
  // with the same mtime, so such a stamp proves nothing (git's "racily clean" entries)
  last = Date.now() - newest > RACY_MS ? { stamp, fingerprint } : null;
  return fingerprint;
}
