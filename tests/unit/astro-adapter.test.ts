/**
 * server/site/astro-adapter.ts against the installed Astro: every internal it relies on (StaticPaths
 * and the paths it lists, the BuildApp methods, the default prerenderer's `app`, the build options'
 * and internals' fields) is used or looked up here, so an Astro upgrade that changes one fails this
 * file instead of turning every content change into a full build. The e2e rebuild test
 * (tests/e2e/site-rebuild.e2e.test.ts) renders real pages through it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  BUILD_APP_METHODS,
  buildAppOf,
  captureBuild,
  staticPathsClass,
  type BuildApp,
  type BuildOptions,
} from '../../server/site/astro-adapter.ts';
import type { BuildInternals } from '../../node_modules/astro/dist/core/build/internal.d.ts';
import type { StaticBuildOptions } from '../../node_modules/astro/dist/core/build/types.d.ts';

const astroDir = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const astroModule = (file: string) => import(pathToFileURL(path.join(astroDir, 'dist', file)).href);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A prerendered route as Astro's manifest holds it: `/about/`, or `/[slug]/` (dynamic). */
const route = (name: string, dynamic: boolean) => ({
  route: dynamic ? `/[${name}]` : `/${name}`,
  component: `src/pages/${dynamic ? `[${name}]` : name}.astro`,
  type: 'page',
  prerender: true,
  pathname: dynamic ? undefined : `/${name}/`,
  params: dynamic ? [name] : [],
  segments: [[{ content: name, dynamic, spread: false }]],
  fallbackRoutes: [],
  origin: 'project',
});

describe('astro-adapter against the installed Astro', () => {
  it("lists a build's paths with Astro's StaticPaths: static routes by pathname, dynamic ones with their cacheKey", async () => {
    const about = route('about', false);
    const slug = route('slug', true);
    const page = { getStaticPaths: async () => [{ params: { slug: 'one' }, cacheKey: 'k1' }, { params: { slug: 'two' } }] };
    const cache = new Map<string, unknown>();
    const app = {
      manifest: { routes: [about, slug].map((routeData) => ({ routeData })), base: '/', trailingSlash: 'always', serverLike: false },
      routeCache: { get: (r: { route: string }) => cache.get(r.route), set: (r: { route: string }, v: unknown) => cache.set(r.route, v) },
      getComponentByRoute: async () => page,
    };
    const StaticPaths = await staticPathsClass();
    const paths = await new StaticPaths(app).getAll();
    expect(paths.map((p) => [p.pathname, p.route.component, p.cacheKey])).toEqual([
      ['/about/', 'src/pages/about.astro', undefined],
      ['/one/', 'src/pages/[slug].astro', 'k1'],
      ['/two/', 'src/pages/[slug].astro', undefined],
    ]);
  });

  it("finds every BuildApp method it calls on Astro's class", async () => {
    const { BuildApp: BuildAppClass } = (await astroModule('core/build/app.js')) as { BuildApp: { prototype: Record<string, unknown> } };
    for (const method of BUILD_APP_METHODS) expect(typeof BuildAppClass.prototype[method], method).toBe('function');
  });

  it("reaches the default prerenderer's app and the prerender bundle it imported", async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-adapter-'));
    dirs.push(cwd);
    const bundleDir = path.join(cwd, '.astro', '.prerender');
    fs.mkdirSync(bundleDir, { recursive: true });
    const config = { base: '/', trailingSlash: 'always', outDir: pathToFileURL(path.join(cwd, 'dist/')), build: { format: 'directory' } };
    const options = { settings: { scripts: [], config }, allPages: {}, origin: 'http://x' };
    const app = 'export const app = { setInternals() {}, setOptions() {}, getOptions() { return globalThis.adapterTestOptions; } };';
    fs.writeFileSync(path.join(bundleDir, 'prerender-entry.abc.mjs'), app);
    (globalThis as Record<string, unknown>).adapterTestOptions = options;
    type Create = (o: unknown) => AstroPrerenderer;
    const { createDefaultPrerenderer } = (await astroModule('core/build/default-prerenderer.js')) as { createDefaultPrerenderer: Create };
    const internals = { prerenderEntryFileName: 'prerender-entry.abc.mjs' };
    const prerenderer = createDefaultPrerenderer({ internals, options, prerenderOutputDir: pathToFileURL(`${bundleDir}/`) });
    await prerenderer.setup?.();
    expect(buildAppOf(prerenderer)?.getOptions()).toBe(options);
    expect(captureBuild(prerenderer, cwd)).toEqual({ bundleDir: `${bundleDir}/`, entry: 'prerender-entry.abc.mjs', options });
  });

  it("reads only fields Astro's build options and internals have (typechecked)", () => {
    expectTypeOf<StaticBuildOptions>().toExtend<BuildOptions>();
    expectTypeOf<BuildInternals>().toHaveProperty('pagesByKeys');
    expectTypeOf<BuildInternals>().toHaveProperty('entrySpecifierToBundleMap');
    expectTypeOf<BuildInternals['pagesByKeys']>().toExtend<Map<string, { styles: unknown[] }>>();
    expectTypeOf<BuildApp['render']>().toBeFunction();
  });
});
