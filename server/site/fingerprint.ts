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
];

/**
 * What the compiled pages depend on besides content: the site's code, public files, config and
 * lockfile, SITE_URL and MEDIA_BASE_URL. A data-only rebuild needs the one `current` was built from.
 */
export function sourceFingerprint(siteUrl = process.env.SITE_URL ?? ''): string {
  const hash = crypto.createHash('sha256');
  const add = (file: string) => {
    hash.update(path.relative(PROJECT_ROOT, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  };
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) add(full);
    }
  };
  walk(path.join(PROJECT_ROOT, 'src'));
  walk(path.join(PROJECT_ROOT, 'public'));
  for (const f of RENDERING_CODE) {
    const file = path.join(PROJECT_ROOT, f);
    if (fs.existsSync(file)) add(file);
  }
  hash.update(`SITE_URL=${siteUrl}`);
  // the pages' Content-Security-Policy names the media origin (src/lib/shared/csp.ts)
  hash.update(`MEDIA_BASE_URL=${process.env.MEDIA_BASE_URL ?? ''}`);
  return hash.digest('hex');
}
