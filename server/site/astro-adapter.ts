/**
 * Every use of Astro's internals, in this one module; tests/unit/astro-adapter.test.ts runs each
 * against the installed Astro, so an upgrade that changes one fails there, not in a rebuild:
 * - at a full build (astro-renderer.ts): the default prerenderer's BuildApp (`app`), the build
 *   options it was given (settings, the styles of every page, origin), and the folder Astro wrote
 *   the prerender bundle to;
 * - at a data-only rebuild (render.ts): that bundle's BuildApp, given back what the build hands it
 *   at render time (setInternals, setOptions), its paths listed by Astro's StaticPaths and its
 *   pages rendered by app.render.
 * It runs under plain Node too (render.ts strips the types): only erasable TypeScript here.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';

export interface RouteData {
  component: string;
  type: string;
}

export interface StaticPath {
  pathname: string;
  route: RouteData;
  cacheKey?: string;
}

/** Astro's StaticBuildOptions (astro/dist/core/build/types.d.ts), what is read of it. */
export interface BuildOptions {
  settings: {
    scripts: { stage: string }[];
    config: { site?: string; base: string; trailingSlash: string; outDir: URL; build: { format: string } };
  };
  allPages: Record<string, { key: string; styles: unknown[] }>;
  origin: string;
}

/** Astro's BuildApp (astro/dist/core/build/app.js), what is used of it. */
export interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  getComponentByRoute(route: RouteData): Promise<unknown>;
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions(): BuildOptions;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  logger: { options: { destination: unknown } };
}

/** The BuildApp methods relied on (the test looks for each on Astro's class). */
export const BUILD_APP_METHODS = ['getComponentByRoute', 'setInternals', 'setOptions', 'getOptions', 'render'] as const;

/** Where StaticPaths lives: exported by Astro's package (./runtime/*) but not a documented API. */
const STATIC_PATHS_MODULE = 'astro/runtime/prerender/static-paths.js';
/** The file name Astro gives the prerender bundle's entry. */
const ENTRY_PREFIX = 'prerender-entry';

type StaticPathsClass = new (app: Pick<BuildApp, 'manifest' | 'getComponentByRoute'>) => { getAll(): Promise<StaticPath[]> };

/** Astro's StaticPaths: lists every path of an app's prerendered routes with its route and cacheKey, as Astro's generate step does. */
export async function staticPathsClass(): Promise<StaticPathsClass> {
  const { StaticPaths }: { StaticPaths: StaticPathsClass } = await import(STATIC_PATHS_MODULE);
  return StaticPaths;
}

/** The BuildApp of the default prerenderer, once set up (undefined when Astro no longer exposes it). */
export const buildAppOf = (prerenderer: AstroPrerenderer): BuildApp | undefined =>
  (prerenderer as AstroPrerenderer & { app?: BuildApp }).app;

/** What a full build leaves for rendering its pages again: the bundle's folder and entry, and the build's options. */
export interface CapturedBuild {
  bundleDir: string;
  entry: string;
  options: BuildOptions;
}

/** The prerender bundle Astro just imported: outDir/.prerender, or .astro/.prerender under the cwd (a string says why not). */
export function captureBuild(prerenderer: AstroPrerenderer, cwd = process.cwd()): CapturedBuild | string {
  const app = buildAppOf(prerenderer);
  if (!app) return 'the default prerenderer has no app';
  const options = app.getOptions();
  const candidates = [new URL('./.prerender/', options.settings.config.outDir), new URL('./.astro/.prerender/', pathToFileURL(`${cwd}/`))];
  const hasEntry = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.startsWith(ENTRY_PREFIX));
  const bundleDir = candidates.map((u) => u.pathname).find(hasEntry);
  if (!bundleDir) return 'no prerender bundle found';
  const entry = fs.readdirSync(bundleDir).find((f) => f.startsWith(ENTRY_PREFIX))!;
  return { bundleDir, entry, options };
}

/** The compiled pages of a full build, loaded again without Vite. */
export interface LoadedPages {
  staticPaths(): Promise<StaticPath[]>;
  render(request: Request, route: RouteData): Promise<Response>;
}

/**
 * Loads the bundle's BuildApp from `entryFile` and gives it back the two things Astro's build hands
 * it at render time: the inlined styles per page key (BuildInternals.pagesByKeys) and the settings'
 * scripts. Every page module is imported too (importing one runs no page code).
 */
export async function loadPages(entryFile: string, styles: Record<string, unknown[]>, scripts: unknown[]): Promise<LoadedPages> {
  const { app }: { app: BuildApp } = await import(pathToFileURL(entryFile).href);
  const StaticPaths = await staticPathsClass();
  const pagesByKeys = new Map(Object.entries(styles).map(([key, s]) => [key, { styles: s }]));
  app.setInternals({ pagesByKeys, entrySpecifierToBundleMap: new Map() });
  app.setOptions({ settings: { scripts }, logger: { options: { destination: app.logger.options.destination } } });
  await Promise.all(app.manifest.routes.map((r) => app.getComponentByRoute(r.routeData).catch(() => null)));
  return {
    staticPaths: () => new StaticPaths(app).getAll(),
    render: (request, route) => app.render(request, { routeData: route }),
  };
}
