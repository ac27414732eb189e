import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rebuild runner (DESIGN "Shape"): when the content version moved, build the site with
 * `astro build` into a new folder under siteDir and swap the `current` symlink atomically (a
 * temporary symlink renamed over it), at most once a minute. With a deploy hook URL it calls the
 * hook instead of building locally. Old builds are pruned; a failed build leaves `current` alone.
 */

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VERSION_FILE = '.site-version';

export interface RebuildRunnerOptions {
  /** the API the pages are built from (API_URL of the build) */
  apiUrl: string;
  /** holds builds/<id>/ and the `current` symlink */
  siteDir: string;
  /** REBUILD_HOOK_URL: POSTed instead of building locally */
  hookUrl?: string;
  readVersion: () => Promise<number>;
  log?: (line: string) => void;
  /** at most one build per this many ms (default 60 000) */
  minIntervalMs?: number;
  /** how often start() looks at the version (default 10 000 ms) */
  pollMs?: number;
  /** builds kept besides the current one (default 1) */
  keep?: number;
  /** the build itself; default: `astro build` with API_URL and ASTRO_OUT_DIR */
  build?: (outDir: string, apiUrl: string) => Promise<void>;
  /** SITE_URL for canonical links, passed to the build */
  siteUrl?: string;
  now?: () => number;
}

export interface RebuildResult {
  status: 'built' | 'hooked' | 'unchanged' | 'deferred' | 'busy' | 'failed';
  version?: number;
  dir?: string;
  ms?: number;
  error?: string;
}

/** `astro build` in a child process (so a crash never takes the server down). */
export function astroBuild(outDir: string, apiUrl: string, extraEnv: Record<string, string> = {}): Promise<void> {
  const bin = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--silent'], {
      cwd: PROJECT_ROOT,
      // NODE_ENV=production whatever the parent runs under (vitest sets 'test'), so React ships its production build
      env: { ...process.env, ...extraEnv, NODE_ENV: 'production', API_URL: apiUrl, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}: ${output.trim().split('\n').slice(-8).join('\n')}`))));
  });
}

/** The content version the `current` build was made from (null: none yet, e.g. the placeholder). */
export function currentVersion(siteDir: string): number | null {
  try {
    const v = Number(fs.readFileSync(path.join(siteDir, 'current', VERSION_FILE), 'utf8'));
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** Points `current` at builds/<id> atomically: a new symlink, renamed over the old one. */
export function swapCurrent(siteDir: string, buildDir: string) {
  const tmp = path.join(siteDir, `.current-${process.pid}-${Date.now()}`);
  fs.symlinkSync(path.relative(siteDir, buildDir), tmp);
  fs.renameSync(tmp, path.join(siteDir, 'current'));
}

function prune(siteDir: string, keep: number) {
  const builds = path.join(siteDir, 'builds');
  let target = '';
  try {
    target = path.resolve(siteDir, fs.readlinkSync(path.join(siteDir, 'current')));
  } catch {
    /* no current */
  }
  const dirs = fs.existsSync(builds) ? fs.readdirSync(builds).sort() : [];
  const old = dirs.map((d) => path.join(builds, d)).filter((d) => d !== target);
  for (const dir of old.slice(0, Math.max(0, old.length - keep))) fs.rmSync(dir, { recursive: true, force: true });
}

export function createRebuildRunner(options: RebuildRunnerOptions) {
  const { apiUrl, siteDir, hookUrl, readVersion, minIntervalMs = 60_000, pollMs = 10_000, keep = 1 } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  // Astro's incremental cache lives beside the builds, so unchanged pages are copied, not rendered.
  const cacheEnv = { ASTRO_CACHE_DIR: path.join(siteDir, '.astro-cache'), ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}) };
  const build = options.build ?? ((outDir: string, url: string) => astroBuild(outDir, url, cacheEnv));
  let lastStart = -Infinity;
  let hookedVersion: number | null = null;
  let running: Promise<RebuildResult> | null = null;
  let poller: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  const builtVersion = () => (hookUrl ? hookedVersion : currentVersion(siteDir));

  async function run(version: number): Promise<RebuildResult> {
    lastStart = now();
    const started = Date.now();
    if (hookUrl) {
      try {
        const response = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version }) });
        if (!response.ok) throw new Error(`deploy hook answered ${response.status}`);
        hookedVersion = version;
        log(`deploy hook called for content version ${version}`);
        return { status: 'hooked', version, ms: Date.now() - started };
      } catch (err) {
        log(`deploy hook failed: ${(err as Error).message}`);
        return { status: 'failed', version, error: (err as Error).message };
      }
    }
    const dir = path.join(siteDir, 'builds', `${new Date().toISOString().replace(/[:.]/g, '-')}-v${version}`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    log(`building content version ${version}…`);
    try {
      await build(dir, apiUrl);
      if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error('the build has no index.html');
      fs.writeFileSync(path.join(dir, VERSION_FILE), String(version));
      swapCurrent(siteDir, dir);
      prune(siteDir, keep);
      const ms = Date.now() - started;
      log(`site built in ${(ms / 1000).toFixed(1)} s (content version ${version})`);
      return { status: 'built', version, dir, ms };
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      log(`site build failed, keeping the previous one: ${(err as Error).message}`);
      return { status: 'failed', version, error: (err as Error).message };
    }
  }

  /** Builds when the version moved and the last build started a minute ago or more. */
  async function check(force = false): Promise<RebuildResult> {
    if (running) return { status: 'busy' };
    const version = await readVersion();
    if (!force && builtVersion() === version) return { status: 'unchanged', version };
    if (!force && now() - lastStart < minIntervalMs) return { status: 'deferred', version };
    running = run(version).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    check,
    /** Builds now whatever the version (npm run build:site). */
    rebuildNow: () => check(true),
    /** Looks at the version now and then every pollMs. */
    start() {
      stopped = false;
      const tick = () => {
        if (!stopped) check().catch((err: unknown) => log(`rebuild check failed: ${(err as Error).message}`));
      };
      tick();
      poller = setInterval(tick, pollMs);
      poller.unref?.();
    },
    /** Stops polling and waits for a build under way. */
    async stop() {
      stopped = true;
      if (poller) clearInterval(poller);
      poller = null;
      await running?.catch(() => {});
    },
    get building() {
      return running !== null;
    },
  };
}
