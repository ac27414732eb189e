/**
 * The rebuild runner (DESIGN "Shape"): when the content version moved, rebuild the site at once.
 * It puts together the scheduler (scheduler.ts: when, one at a time, bursts gathered), the two kinds
 * of build (full-build.ts: `astro build`; data-only-build.ts: only the pages whose data changed, from
 * the compiled pages the last full build kept) and the swap of the served folder (swap.ts). With a
 * deploy hook URL it calls the hook instead of building locally. `rebuildNow()` (npm run build:site)
 * always makes a full build and reads every list again.
 */
import path from 'node:path';
import { astroBuild } from './astro-build.ts';
import { DataOnlyBuilder } from './data-only-build.ts';
import { sourceFingerprint } from './fingerprint.ts';
import { fullBuild, type BuildFn, type FullBuildOptions } from './full-build.ts';
import { Scheduler, type RebuildResult } from './scheduler.ts';
import { currentVersion, DATA_DIR, lastStartOf, lockSite, removeLeftovers, siteId } from './site-dir.ts';
import { createPublisher } from './swap.ts';

export { astroBuild } from './astro-build.ts';
export { sourceFingerprint } from './fingerprint.ts';
export type { RenderReport } from './renderer-process.ts';
export type { RebuildResult } from './scheduler.ts';
export { currentVersion, DATA_DIR, PROJECT_ROOT } from './site-dir.ts';
export { linkTree, swapCurrent } from './swap.ts';

export interface RebuildRunnerOptions {
  /** the API the pages are built from (API_URL of the build) */
  apiUrl: string;
  /** holds builds/<id>/ and the `current` symlink */
  siteDir: string;
  /** REBUILD_HOOK_URL: POSTed instead of building locally */
  hookUrl?: string;
  readVersion: () => Promise<number>;
  log?: (line: string) => void;
  /** how long notify() waits to gather a burst of writes into one build (default 250 ms) */
  debounceMs?: number;
  /**
   * rebuild once the last build is this old even when content did not change (default a day): the
   * home page's upcoming events and the like depend on the date, not only on content
   */
  maxAgeMs?: number;
  /** how often start() looks at the version, for writes notify() does not hear of: other instances' (default 2 000 ms) */
  pollMs?: number;
  /** builds kept besides the current one (default 1) */
  keep?: number;
  /** the build itself; default: `astro build` with API_URL and ASTRO_OUT_DIR (a custom build never rebuilds data-only) */
  build?: BuildFn;
  /** data-only rebuilds when possible (default true) */
  incremental?: boolean;
  /**
   * keep the next data-only rebuild's renderer started and loaded between rebuilds, and the folder
   * it writes into linked (default false; `npm start` turns it on): it then only reads the changes,
   * renders and swaps, which saves the renderer's start and load (about 100 ms) and the linking (a
   * link per file: 0.5 s for the demo, seconds at 16k pages) at the cost of an idle Node process
   * (~125 MB) and a second set of directory entries
   */
  standby?: boolean;
  /**
   * takes a lock named `key` across processes and machines (a PostgreSQL advisory lock), answering
   * its release, or null when another holder has it; default: a lock file in siteDir, for the
   * processes of one machine
   */
  lock?: (key: string) => Promise<(() => Promise<void>) | null>;
  /** SITE_URL for canonical links, passed to the build */
  siteUrl?: string;
  now?: () => number;
}

/** The lock file of one machine's processes, released like the database's lock. */
function fileLock(siteDir: string) {
  const release = lockSite(siteDir);
  return release && (async () => release());
}

/** POSTs the content version to the hosting provider's deploy hook; remembers the last version it took. */
function deployHook(url: string, log: (line: string) => void) {
  const hook = {
    version: null as number | null,
    async call(version: number, started: number): Promise<RebuildResult> {
      try {
        const body = JSON.stringify({ version });
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (!response.ok) throw new Error(`deploy hook answered ${response.status}`);
        hook.version = version;
        log(`deploy hook called for content version ${version}`);
        return { status: 'hooked', version, ms: Date.now() - started };
      } catch (err) {
        log(`deploy hook failed: ${(err as Error).message}`);
        return { status: 'failed', version, error: (err as Error).message };
      }
    },
  };
  return hook;
}

/** One build in this process: data-only when it can (unless `full`), else in full. */
async function buildLocally(
  options: FullBuildOptions,
  siteUrl: string,
  version: number,
  full: boolean,
  started: number,
): Promise<RebuildResult> {
  const { dataOnly, log } = options;
  const fingerprint = dataOnly ? sourceFingerprint(siteUrl) : '';
  let fullBecause: string | undefined;
  if (dataOnly && !full) {
    fullBecause = dataOnly.whyNot(fingerprint) || undefined;
    if (!fullBecause) {
      try {
        return await dataOnly.build(version, fingerprint, started);
      } catch (err) {
        fullBecause = `the data-only rebuild failed: ${(err as Error).message}`;
        log(`${fullBecause}; building in full`);
      }
    }
  }
  return fullBuild(options, { version, refresh: full, fingerprint, started, fullBecause });
}

export function createRebuildRunner(options: RebuildRunnerOptions) {
  const { apiUrl, readVersion, debounceMs = 250, maxAgeMs = 86_400_000, pollMs = 2_000, keep = 1 } = options;
  // absolute: the builds run in folders of their own
  const siteDir = path.resolve(options.siteDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const siteUrl = options.siteUrl ?? process.env.SITE_URL;
  // Astro's incremental cache lives beside the builds (one per code fingerprint: astroCacheFor), so
  // unchanged pages are copied, not rendered; so do the compiled pages of the current build and the
  // build's copy of the API's lists.
  const dataEnv = { SITE_DATA_DIR: path.join(siteDir, DATA_DIR) };
  const buildEnv = { ...dataEnv, ...(siteUrl ? { SITE_URL: siteUrl } : {}) };
  // aborted by stop(): the build under way ends instead of being waited for
  let stopping = new AbortController();
  const build =
    options.build ??
    ((outDir: string, url: string, env: Record<string, string> = {}) =>
      astroBuild(outDir, url, { ...buildEnv, ...env }, undefined, stopping.signal));
  const publisher = createPublisher(siteDir, keep);
  const incremental = options.incremental ?? !options.build;
  const standby = options.standby ?? false;
  const dataOnly = incremental ? new DataOnlyBuilder({ siteDir, apiUrl, siteUrl: siteUrl ?? '', dataEnv, standby, publisher, log }) : null;
  const builds: FullBuildOptions = { siteDir, apiUrl, build, publisher, dataOnly, log };
  const hook = options.hookUrl ? deployHook(options.hookUrl, log) : null;
  const lastStart = lastStartOf(siteDir, now);

  // one build at a time per site folder, across processes (npm start and npm run rebuild) and instances
  const takeLock = options.lock ? () => options.lock!(`site-build:${siteId(siteDir)}`) : async () => fileLock(siteDir);
  const builtVersion = () => (hook ? hook.version : currentVersion(siteDir));

  let busyVersion: number | null = null;
  async function run(version: number, full: boolean, force: boolean): Promise<RebuildResult> {
    const started = Date.now();
    if (hook) {
      lastStart.mark();
      return hook.call(version, started);
    }
    const release = await takeLock();
    if (!release) {
      // said once per version: another instance's build is polled every pollMs until it is done
      if (busyVersion !== version) log(`another process is building this site (content version ${version}); not now`);
      busyVersion = version;
      return { status: 'busy', version };
    }
    try {
      // the process that held the lock may have built this version meanwhile: then it is served already
      if (!force && builtVersion() === version && now() - lastStart.get() < maxAgeMs) return { status: 'unchanged', version };
      lastStart.mark();
      return await buildLocally(builds, siteUrl ?? '', version, full, started);
    } finally {
      await release();
    }
  }

  const timing = { debounceMs, maxAgeMs, pollMs, now };
  const scheduler = new Scheduler({ readVersion, builtVersion, lastStart: lastStart.get, build: run, ...timing, log });
  return {
    check: (force = false, full = false) => scheduler.check(force, full),
    /** Builds now whatever the version: in full (npm run build:site), or data-only when it can (`full` false). */
    rebuildNow: (full = true) => scheduler.check(true, full),
    /** Content changed (in this process): build soon, gathering a burst of writes into one build. */
    notify: () => scheduler.notify(),
    status: () => scheduler.status(),
    /** Looks at the version now and then every pollMs. */
    start() {
      stopping = new AbortController();
      removeLeftovers(siteDir);
      dataOnly?.resume();
      scheduler.start();
    },
    /** Stops polling and a full build under way (the served build stays), and waits for them to end. */
    async stop() {
      dataOnly?.pause();
      stopping.abort();
      await scheduler.stop();
      await dataOnly?.close();
      await publisher.settled();
    },
    /** Resolves once the renderer and the folder kept for the next data-only rebuild are ready (at once without them). */
    ready: async () => {
      await dataOnly?.ready();
    },
    get building() {
      return scheduler.building;
    },
  };
}
