/**
 * Astro integration (astro.config.mjs): with SITE_RENDERER_OUT set (the rebuild runner sets it on a
 * full `astro build`), it keeps what the data-only rebuild (render.ts) needs to render pages again
 * without Vite: the compiled prerender bundle, the styles Astro inlines per route, and every path
 * the build made with its cacheKey. Anything it cannot keep only means the next rebuild is a full
 * one again; it never fails the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AstroIntegration, AstroPrerenderer } from 'astro';

export const RENDERER_STATE = 'state.json';
export const RENDERER_FORMAT = 1;

/** What render.ts needs besides the bundle (kept in SITE_RENDERER_OUT/state.json). */
export interface RendererState {
  format: number;
  /** the bundle's entry, relative to SITE_RENDERER_OUT/bundle */
  entry: string;
  origin: string;
  site: string | null;
  base: string;
  trailingSlash: string;
  buildFormat: string;
  /** Astro's page key (route + component) → the styles it inlines (BuildInternals.pagesByKeys) */
  styles: Record<string, unknown[]>;
  /** settings.scripts (stage head-inline only; a page-stage script makes the state unusable) */
  scripts: unknown[];
  /** every path of the build: pathname → [component, route type, cacheKey or null] */
  paths: Record<string, [string, string, string | null]>;
}

interface BuildAppLike {
  getOptions(): {
    settings: { scripts: { stage: string }[]; config: { site?: string; base: string; trailingSlash: string; outDir: URL; build: { format: string } } };
    allPages: Record<string, { key: string; styles: unknown[] }>;
    origin: string;
  };
}

const removeTrailingSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export default function keepRenderer(): AstroIntegration {
  const out = process.env.SITE_RENDERER_OUT;
  let failed: string | null = null;
  let state: RendererState | null = null;
  const fail = (why: string) => {
    failed ??= why;
  };
  return {
    name: 'studyabroad:keep-renderer',
    hooks: {
      'astro:build:start': ({ setPrerenderer, logger }) => {
        if (!out) return;
        fs.rmSync(out, { recursive: true, force: true });
        setPrerenderer((def: AstroPrerenderer) => {
          const wrapper: AstroPrerenderer = {
            name: 'studyabroad:keep-renderer',
            async setup() {
              await def.setup?.();
              try {
                const app = (def as AstroPrerenderer & { app?: BuildAppLike }).app;
                if (!app) return fail('the default prerenderer has no app');
                const options = app.getOptions();
                const { settings } = options;
                if (settings.config.build.format !== 'directory') return fail(`build.format ${settings.config.build.format}`);
                if (settings.scripts.some((s) => s.stage !== 'head-inline')) return fail('page scripts');
                // the bundle Astro just imported: outDir/.prerender, or .astro/.prerender under the cwd
                const candidates = [new URL('./.prerender/', settings.config.outDir), new URL('./.astro/.prerender/', `file://${process.cwd()}/`)];
                const dir = candidates.map((u) => u.pathname).find((d) => fs.existsSync(d) && fs.readdirSync(d).some((f) => f.startsWith('prerender-entry')));
                if (!dir) return fail('no prerender bundle found');
                const entry = fs.readdirSync(dir).find((f) => f.startsWith('prerender-entry'))!;
                fs.cpSync(dir, path.join(out, 'bundle'), { recursive: true });
                state = {
                  format: RENDERER_FORMAT,
                  entry,
                  origin: options.origin,
                  site: settings.config.site ?? null,
                  base: settings.config.base,
                  trailingSlash: settings.config.trailingSlash,
                  buildFormat: settings.config.build.format,
                  styles: Object.fromEntries(Object.values(options.allPages).map((p) => [p.key, p.styles])),
                  scripts: settings.scripts,
                  paths: {},
                };
              } catch (err) {
                fail((err as Error).message);
              }
            },
            async getStaticPaths() {
              const paths = await def.getStaticPaths();
              if (state) {
                const seen = new Set<string>();
                for (const { pathname, route, cacheKey } of paths as { pathname: string; route: { component: string; type: string }; cacheKey?: string }[]) {
                  // the first route to claim a path wins, as in Astro's generate step
                  if (seen.has(removeTrailingSlash(pathname))) continue;
                  seen.add(removeTrailingSlash(pathname));
                  state.paths[pathname] = [route.component, route.type, cacheKey ?? null];
                }
              }
              return paths;
            },
            render: (request, options) => def.render(request, options),
            collectStaticImages: def.collectStaticImages ? () => def.collectStaticImages!() : undefined,
            teardown: async () => {
              await def.teardown?.();
            },
          };
          return wrapper;
        });
        void logger;
      },
      'astro:build:done': ({ logger }) => {
        if (!out) return;
        if (failed || !state) {
          logger.warn(`data-only rebuilds unavailable: ${failed ?? 'nothing captured'}`);
          fs.rmSync(out, { recursive: true, force: true });
          return;
        }
        fs.writeFileSync(path.join(out, RENDERER_STATE), JSON.stringify(state));
      },
    },
  };
}
