/**
 * The full build: `astro build` into a new folder under siteDir/builds, then `current` is swapped
 * to it (swap.ts). A failed build leaves `current` alone. With data-only rebuilds on, it also keeps
 * the compiled pages (astro-renderer.ts), which the next data-only rebuild starts from, and reads the
 * lists through the build's copy of them (src/pages/_lib/data-cache.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DataOnlyBuilder } from './data-only-build.ts';
import type { RebuildResult } from './scheduler.ts';
import { astroCacheFor, newBuildDir, RENDERER_DIR, writeVersion } from './site-dir.ts';
import type { Publisher } from './swap.ts';

export type BuildFn = (outDir: string, apiUrl: string, env?: Record<string, string>) => Promise<void>;

export interface FullBuildOptions {
  siteDir: string;
  apiUrl: string;
  build: BuildFn;
  publisher: Publisher;
  /** keeps the compiled pages for data-only rebuilds; null: never data-only (a custom build) */
  dataOnly: DataOnlyBuilder | null;
  log: (line: string) => void;
}

export interface FullBuildRun {
  version: number;
  /** read every list from the API again instead of updating the build's copy */
  refresh: boolean;
  fingerprint: string;
  started: number;
  /** why a data-only rebuild was not possible, when one was wanted */
  fullBecause?: string;
}

export async function fullBuild(options: FullBuildOptions, run: FullBuildRun): Promise<RebuildResult> {
  const { siteDir, apiUrl, build, publisher, dataOnly, log } = options;
  const { version, fingerprint, started, fullBecause } = run;
  const dir = newBuildDir(siteDir, version);
  const staging = path.join(siteDir, RENDERER_DIR, `staging-${process.pid}-${Date.now()}`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  log(`building content version ${version}…`);
  try {
    const cache = { ASTRO_CACHE_DIR: astroCacheFor(siteDir, fingerprint) };
    if (dataOnly) await build(dir, apiUrl, { ...cache, SITE_RENDERER_OUT: staging, ...(run.refresh ? { SITE_DATA_REFRESH: '1' } : {}) });
    else await build(dir, apiUrl, cache);
    if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error('the build has no index.html');
    writeVersion(dir, version);
    publisher.publish(dir);
    dataOnly?.adopt(staging, dir, fingerprint);
    const ms = Date.now() - started;
    log(`site built in ${(ms / 1000).toFixed(1)} s (content version ${version})`);
    dataOnly?.prepare(fingerprint);
    return { status: 'built', mode: 'full', version, dir, ms, ...(fullBecause ? { fullBecause } : {}) };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    log(`site build failed, keeping the previous one: ${(err as Error).message}`);
    return { status: 'failed', version, error: (err as Error).message };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
