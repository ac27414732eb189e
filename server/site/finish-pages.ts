import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { modulePreloads } from './module-preloads.ts';
import { ownHashesOnly } from './page-policy.ts';

/**
 * What every page the site's build writes gets after Astro rendered it: the modules its scripts
 * import, preloaded (module-preloads.ts), and a policy naming only its own inline elements
 * (page-policy.ts). The full build (the integration below) and the data-only rebuild (render.ts)
 * both finish their pages here, so both write the same bytes for the same page.
 */
export async function pageFinisher(buildDir: string): Promise<(html: string) => string> {
  const withPreloads = await modulePreloads(buildDir);
  return (html) => ownHashesOnly(withPreloads(html));
}

const htmlFiles = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));

/** Astro integration: finishes every page of a full build. */
export default function finishPages(): AstroIntegration {
  return {
    name: 'studyabroad:finish-pages',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const finish = await pageFinisher(root);
        for (const file of htmlFiles(root)) {
          const html = fs.readFileSync(file, 'utf8');
          const next = finish(html);
          if (next !== html) fs.writeFileSync(file, next);
        }
      },
    },
  };
}
