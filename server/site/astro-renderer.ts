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
import { captureBuild, type CapturedBuild, type StaticPath } from './astro-adapter.ts';

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

/** Copies the captured bundle into `out` and answers what render.ts needs besides it (a string says why not). */
function keep(captured: CapturedBuild | string, out: string): RendererState | string {
  if (typeof captured === 'string') return captured;
  const { settings, allPages, origin } = captured.options;
  if (settings.config.build.format !== 'directory') return `build.format ${settings.config.build.format}`;
  if (settings.scripts.some((s) => s.stage !== 'head-inline')) return 'page scripts';
  fs.cpSync(captured.bundleDir, path.join(out, 'bundle'), { recursive: true });
  return {
    format: RENDERER_FORMAT,
    entry: captured.entry,
    origin,
    site: settings.config.site ?? null,
    base: settings.config.base,
    trailingSlash: settings.config.trailingSlash,
    buildFormat: settings.config.build.format,
    styles: Object.fromEntries(Object.values(allPages).map((p) => [p.key, p.styles])),
    scripts: settings.scripts,
    paths: {},
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
                const kept = keep(captureBuild(def), out);
                if (typeof kept === 'string') fail(kept);
                else state = kept;
              } catch (err) {
                fail((err as Error).message);
              }
            },
            async getStaticPaths() {
              const paths = await def.getStaticPaths();
              if (state) {
                const seen = new Set<string>();
                for (const { pathname, route, cacheKey } of paths as StaticPath[]) {
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
