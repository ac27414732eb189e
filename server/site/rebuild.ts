import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rebuild runner (DESIGN "Shape"): when the content version moved, rebuild the site at once:
 * one build at a time, a burst of writes gathered into one build (notify), and writes during a
 * build built right after it. With a deploy hook URL it calls the hook instead of building locally.
 *
 * Two kinds of build:
 * - full: `astro build` into a new folder under siteDir/builds, then the `current` symlink is
 *   swapped atomically (a temporary symlink renamed over it). Old builds are pruned; a failed build
 *   leaves `current` alone. It also keeps the compiled pages (siteDir/.renderer, see
 *   astro-renderer.ts) and the lists it read (siteDir/.data, see src/pages/_lib/data-cache.ts).
 * - data-only (incremental): when the code is the one `current` was built from (sourceFingerprint)
 *   and that build left its compiled pages, a new folder is made of hard links to the files of
 *   `current` (no copy of the unchanged pages; made ahead with `standby`), render.ts reads the rows changed since the last
 *   build and writes only the pages whose data changed into it (each by a rename, which replaces
 *   the link and leaves the old build's file alone; no Vite), then `current` is swapped to it like
 *   a full build. Anything it cannot do (or any error) falls back to a full build.
 * `rebuildNow()` (npm run build:site) always makes a full build and reads every list again.
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
  build?: (outDir: string, apiUrl: string, env?: Record<string, string>) => Promise<void>;
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
  /** SITE_URL for canonical links, passed to the build */
  siteUrl?: string;
  now?: () => number;
}

export interface RebuildResult {
  status: 'built' | 'hooked' | 'unchanged' | 'busy' | 'failed';
  /** built: a full `astro build` or a data-only rebuild */
  mode?: 'full' | 'incremental';
  version?: number;
  dir?: string;
  ms?: number;
  error?: string;
  /** data-only rebuilds: what render.ts did (pages rendered, written, deleted; phase times) */
  report?: RenderReport;
  /** why a data-only rebuild was not possible, when the runner wanted one */
  fullBecause?: string;
}

export interface RenderReport {
  paths: number;
  rendered: number;
  created: number;
  changed: number;
  unchanged: number;
  deleted: number;
  data: { lists: Record<string, string>; requests: number; ms?: Record<string, number> } | null;
  ms: Record<string, number>;
  /** the renderer had been started (and had loaded the pages) before the rebuild began */
  standby?: boolean;
}

export const RENDERER_DIR = '.renderer';
/** siteDir/.next-<pid>-<n>: the folder linked ahead for the next data-only rebuild */
const STAGING_PREFIX = '.next-';
/** siteDir/.old-<pid>-<n>: pruned builds being deleted */
const TRASH_PREFIX = '.old-';
let folders = 0;
const uniqueSuffix = () => `${Date.now()}-${++folders}`;
export const DATA_DIR = '.data';

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
  for (const f of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json', 'server/site/astro-renderer.ts', 'server/site/render.ts']) {
    const file = path.join(PROJECT_ROOT, f);
    if (fs.existsSync(file)) add(file);
  }
  hash.update(`SITE_URL=${siteUrl}`);
  // the pages' Content-Security-Policy names the media origin (src/lib/shared/csp.ts)
  hash.update(`MEDIA_BASE_URL=${process.env.MEDIA_BASE_URL ?? ''}`);
  return hash.digest('hex');
}

/**
 * `astro build` in a child process (so a crash never takes the server down). `onOutput` receives
 * Astro's log (info level then, instead of silent).
 *
 * It runs in a folder of its own (with --root): when the output folder is not under the working
 * directory, Astro writes its temporary server bundle to <cwd>/.astro/.prerender and deletes it at
 * the end, so builds started at the same time from one checkout (the runner, tests, benchmarks)
 * would delete each other's bundle while rendering. The folder is under node_modules/.cache, so
 * the bundle still finds the project's packages.
 */
export async function astroBuild(outDir: string, apiUrl: string, extraEnv: Record<string, string> = {}, onOutput?: (text: string) => void): Promise<void> {
  const cacheRoot = path.join(PROJECT_ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cacheRoot, { recursive: true });
  const cwd = fs.mkdtempSync(path.join(cacheRoot, 'astro-build-'));
  try {
    await runAstroBuild(cwd, outDir, apiUrl, extraEnv, onOutput);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

function runAstroBuild(cwd: string, outDir: string, apiUrl: string, extraEnv: Record<string, string>, onOutput?: (text: string) => void): Promise<void> {
  const bin = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--root', PROJECT_ROOT, ...(onOutput ? [] : ['--silent'])], {
      cwd,
      // NODE_ENV=production whatever the parent runs under (vitest sets 'test'), so React ships its production build
      env: { ...process.env, ...extraEnv, NODE_ENV: 'production', API_URL: apiUrl, ASTRO_OUT_DIR: path.resolve(outDir), ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const errors: string[] = [];
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      onOutput?.(text);
      output = (output + text).slice(-4000);
      // the error itself comes before its stack: keep the first lines that name one
      for (const line of text.split('\n')) if (errors.length < 4 && /error/i.test(line) && !/^\s+at /.test(line)) errors.push(line.trim());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}: ${[...errors, ...output.trim().split('\n').slice(-8)].join('\n')}`))));
  });
}

/**
 * The first request of every list's data sync (SITE_DATA_DIR/index.json, written by
 * src/pages/_lib/data-cache.ts), sent now: the API answers them while render.ts starts.
 */
async function prefetchProbes(dataDir: string | undefined, apiUrl: string): Promise<{ key: string; before: number; date: number | null; body: unknown }[]> {
  let index: { api?: string; probes?: string[] };
  try {
    index = JSON.parse(fs.readFileSync(path.join(dataDir ?? '', 'index.json'), 'utf8'));
  } catch {
    return [];
  }
  const base = apiUrl.replace(/\/$/, '');
  if (index.api !== `${base}/` || !Array.isArray(index.probes)) return [];
  const replies = await Promise.all(
    index.probes.map(async (key) => {
      const before = Date.now();
      try {
        const response = await fetch(`${base}/${key}`, { headers: { 'accept-encoding': 'identity' } });
        if (!response.ok) return null;
        const date = Date.parse(response.headers.get('date') ?? '');
        return { key, before, date: Number.isFinite(date) ? date : null, body: (await response.json()) as unknown };
      } catch {
        return null;
      }
    }),
  );
  return replies.filter((r) => r !== null);
}

/** render.ts in a child process, loading the compiled pages of `rendererDir` until it is told which build to update. */
export interface Renderer {
  /** resolves once the bundle is loaded; rejects if the process died first */
  ready: Promise<void>;
  /** the compiled pages it loaded (build.json of rendererDir when it started) */
  activation: string;
  readonly alive: boolean;
  /** the data-only rebuild of `buildDir` (once) */
  run(buildDir: string): Promise<RenderReport>;
  /** not to hold the parent process alive while it waits */
  unref(): void;
  kill(): void;
}

export function startRenderer(rendererDir: string, apiUrl: string, extraEnv: Record<string, string> = {}, activation = ''): Renderer {
  const child = spawn(process.execPath, ['--no-warnings', path.join(PROJECT_ROOT, 'server', 'site', 'render.ts'), rendererDir], {
    cwd: PROJECT_ROOT,
    // Node's compile cache: the bundle and its dependencies are parsed once, not on every rebuild
    env: { NODE_COMPILE_CACHE: path.join(rendererDir, '..', '.compile-cache'), ...process.env, ...extraEnv, NODE_ENV: 'production', API_URL: apiUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let alive = true;
  let stdout = '';
  let stderr = '';
  let onReady!: () => void;
  let onEarlyExit!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onEarlyExit = reject;
  });
  ready.catch(() => {});
  const closed = new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      stderr += String(err);
      resolve(-1);
    });
    child.on('close', (code) => resolve(code));
  });
  void closed.then((code) => {
    alive = false;
    onEarlyExit(new Error(`the renderer exited with ${code}: ${stderr.trim().split('\n').slice(-8).join('\n')}`));
  });
  child.stdin.on('error', () => {}); // gone already: its exit says why
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (stdout.startsWith('ready\n')) onReady();
  });
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const handles = [child, child.stdin, child.stdout, child.stderr] as unknown as { ref(): void; unref(): void }[];
  let used = false;
  return {
    ready,
    activation,
    get alive() {
      return alive;
    },
    async run(buildDir: string) {
      if (used) throw new Error('a renderer runs once');
      used = true;
      for (const h of handles) h.ref();
      child.stdin.write(`${JSON.stringify({ buildDir })}\n`);
      // the sync's first requests, answered while the renderer reads the copy of the data
      void prefetchProbes(extraEnv.SITE_DATA_DIR, apiUrl).then((replies) => child.stdin.end(`${JSON.stringify(replies)}\n`));
      const code = await closed;
      if (code !== 0) throw new Error(`data-only rebuild exited with ${code}: ${stderr.trim().split('\n').slice(-8).join('\n')}`);
      try {
        return JSON.parse(stdout.trim().split('\n').pop()!) as RenderReport;
      } catch {
        throw new Error(`data-only rebuild printed no report: ${stdout.slice(-400)}`);
      }
    },
    unref() {
      for (const h of handles) h.unref();
    },
    kill() {
      if (alive) child.kill();
    },
  };
}

/** The data-only rebuild of `buildDir` from the compiled pages in `rendererDir`, in a new process. */
export const renderData = (rendererDir: string, buildDir: string, apiUrl: string, extraEnv: Record<string, string> = {}) => startRenderer(rendererDir, apiUrl, extraEnv).run(buildDir);

/** The content version the `current` build was made from (null: none yet, e.g. the placeholder). */
export function currentVersion(siteDir: string): number | null {
  try {
    const v = Number(fs.readFileSync(path.join(siteDir, 'current', VERSION_FILE), 'utf8'));
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * A new folder holding the same files as `from`, as hard links: no file is copied, and a file
 * replaced in it by a rename leaves `from` untouched (nothing may write into a linked file).
 * Asynchronous, so the API sharing the process keeps answering: it costs one link and one mkdir
 * per entry (about 0.1 ms each on these machines, seconds at 16k pages).
 */
export async function linkTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  const entries = await fsp.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) await linkTree(source, target);
      else if (entry.isSymbolicLink()) await fsp.symlink(await fsp.readlink(source), target);
      else await fsp.link(source, target);
    }),
  );
}

/** Writes the content version a build was made from, by a rename (the file may be a link into the previous build). */
function writeVersion(dir: string, version: number) {
  const tmp = path.join(dir, `${VERSION_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, String(version));
  fs.renameSync(tmp, path.join(dir, VERSION_FILE));
}

/** Points `current` at builds/<id> atomically: a new symlink, renamed over the old one. */
export function swapCurrent(siteDir: string, buildDir: string) {
  const tmp = path.join(siteDir, `.current-${process.pid}-${Date.now()}`);
  fs.symlinkSync(path.relative(siteDir, buildDir), tmp);
  fs.renameSync(tmp, path.join(siteDir, 'current'));
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes siteDir/.build.lock (held while a build runs); null when a live process holds it. */
function lockSite(siteDir: string): (() => void) | null {
  const file = path.join(siteDir, '.build.lock');
  fs.mkdirSync(siteDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) return null;
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  return null;
}

/**
 * Moves the builds beyond `keep` (besides the current one) out of builds/ at once, and deletes them
 * in the background (tens of thousands of entries take seconds): resolves when they are gone.
 */
function prune(siteDir: string, keep: number): Promise<void> {
  const builds = path.join(siteDir, 'builds');
  let target = '';
  try {
    target = path.resolve(siteDir, fs.readlinkSync(path.join(siteDir, 'current')));
  } catch {
    /* no current */
  }
  const dirs = fs.existsSync(builds) ? fs.readdirSync(builds).sort() : [];
  const old = dirs.map((d) => path.join(builds, d)).filter((d) => d !== target);
  // never throws: it runs after the swap, and a build left over is only disk space until the next prune
  const doomed = old.slice(0, Math.max(0, old.length - keep)).flatMap((dir) => {
    const trash = path.join(siteDir, `${TRASH_PREFIX}${process.pid}-${uniqueSuffix()}`);
    try {
      fs.renameSync(dir, trash);
      return [trash];
    } catch {
      return [];
    }
  });
  return Promise.all(doomed.map((dir) => fsp.rm(dir, { recursive: true, force: true }))).then(
    () => {},
    () => {},
  );
}

export function createRebuildRunner(options: RebuildRunnerOptions) {
  const { apiUrl, hookUrl, readVersion, debounceMs = 250, maxAgeMs = 86_400_000, pollMs = 2_000, keep = 1 } = options;
  // absolute: the builds run in folders of their own
  const siteDir = path.resolve(options.siteDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  // Astro's incremental cache lives beside the builds, so unchanged pages are copied, not rendered;
  // so do the compiled pages of the current build and the build's copy of the API's lists.
  const siteUrl = options.siteUrl ?? process.env.SITE_URL;
  const rendererRoot = path.join(siteDir, RENDERER_DIR);
  const active = path.join(rendererRoot, 'active');
  const dataEnv = { SITE_DATA_DIR: path.join(siteDir, DATA_DIR) };
  const cacheEnv = { ASTRO_CACHE_DIR: path.join(siteDir, '.astro-cache'), ...dataEnv, ...(siteUrl ? { SITE_URL: siteUrl } : {}) };
  const build = options.build ?? ((outDir: string, url: string, env: Record<string, string> = {}) => astroBuild(outDir, url, { ...cacheEnv, ...env }));
  const incremental = options.incremental ?? !options.build;
  let standby: Renderer | null = null;
  /** the folder the next data-only rebuild writes into: hard links to the files of `from` (`current` then) */
  let pruning: Promise<void> = Promise.resolve();
  let staged: { from: string; dir: string; ready: Promise<void> } | null = null;
  const stage = (from: string) => {
    const dir = path.join(siteDir, `${STAGING_PREFIX}${process.pid}-${uniqueSuffix()}`);
    const next = { from, dir, ready: linkTree(from, dir) };
    next.ready.catch(() => {});
    return next;
  };
  async function discardStaged() {
    const old = staged;
    staged = null;
    await old?.ready.catch(() => {});
    if (old) await fsp.rm(old.dir, { recursive: true, force: true });
  }
  const activation = () => {
    try {
      return fs.readFileSync(path.join(active, 'build.json'), 'utf8');
    } catch {
      return '';
    }
  };
  /**
   * Starts the renderer of the next data-only rebuild now, and links the folder it will write into,
   * when one will be possible: a content change then costs only its own pages.
   */
  function prepareStandby(fingerprint?: string) {
    standby?.kill();
    standby = null;
    void discardStaged();
    if (!options.standby || !incremental || stopped) return;
    if (notIncremental(fingerprint ?? sourceFingerprint(siteUrl ?? ''))) return;
    standby = startRenderer(active, apiUrl, dataEnv, activation());
    standby.unref();
    staged = stage(fs.realpathSync(path.join(siteDir, 'current')));
  }
  // the last start is kept in siteDir, so a day-old build is known across processes (npm start, npm run rebuild)
  const lastStartFile = path.join(siteDir, '.last-build-start');
  let lastStart = -Infinity;
  try {
    lastStart = Number(fs.readFileSync(lastStartFile, 'utf8')) || -Infinity;
  } catch {
    /* never built here */
  }
  let hookedVersion: number | null = null;
  let running: Promise<RebuildResult> | null = null;
  let poller: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  /** content changed while a build was under way: one more build right after it */
  let pending = false;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  /** the version of the last build that went live (or was handed to the deploy hook), and when */
  let live: { version: number; at: string } | null = null;

  const builtVersion = () => (hookUrl ? hookedVersion : currentVersion(siteDir));

  /** Why `current` cannot be rebuilt data-only ('' when it can). */
  function notIncremental(fingerprint: string): string {
    let target: string;
    try {
      target = fs.realpathSync(path.join(siteDir, 'current'));
    } catch {
      return 'no current build';
    }
    let meta: { build?: string; fingerprint?: string } | null = null;
    try {
      meta = JSON.parse(fs.readFileSync(path.join(active, 'build.json'), 'utf8'));
    } catch {
      return 'no compiled pages kept';
    }
    if (!meta || meta.build !== target || !fs.existsSync(path.join(active, 'state.json'))) return 'the compiled pages kept are not those of the current build';
    if (meta.fingerprint !== fingerprint) return 'the code changed';
    return '';
  }

  const markStart = () => {
    lastStart = now();
    fs.mkdirSync(siteDir, { recursive: true });
    fs.writeFileSync(lastStartFile, String(lastStart));
  };

  async function run(version: number, full: boolean): Promise<RebuildResult> {
    const started = Date.now();
    if (hookUrl) {
      markStart();
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
    // one build at a time per site folder, across processes too (npm start and npm run rebuild)
    const release = lockSite(siteDir);
    if (!release) {
      log('another process is building this site; not now');
      return { status: 'busy', version };
    }
    markStart();
    try {
      return await buildLocally(version, full, started);
    } finally {
      release();
    }
  }

  const newBuildDir = (version: number) => path.join(siteDir, 'builds', `${new Date().toISOString().replace(/[:.]/g, '-')}-v${version}`);

  async function buildLocally(version: number, full: boolean, started: number): Promise<RebuildResult> {
    const fingerprint = incremental ? sourceFingerprint(siteUrl ?? '') : '';
    let fullBecause: string | undefined;
    if (incremental && !full) {
      fullBecause = notIncremental(fingerprint) || undefined;
      if (!fullBecause) {
        const ahead = standby && standby.alive && standby.activation === activation() ? standby : null;
        if (!ahead) standby?.kill();
        standby = null;
        const from = fs.realpathSync(path.join(siteDir, 'current'));
        const linked = staged && staged.from === from && fs.existsSync(staged.dir) ? staged : null;
        if (linked) staged = null;
        else void discardStaged();
        const work = linked ?? stage(from);
        const dir = newBuildDir(version);
        try {
          const renderer = ahead ?? startRenderer(active, apiUrl, dataEnv);
          const linkStarted = performance.now();
          await work.ready;
          const linkMs = Math.round(performance.now() - linkStarted);
          const rendered = await renderer.run(work.dir);
          const report = { ...rendered, ms: { link: linkMs, ...rendered.ms }, standby: ahead !== null };
          writeVersion(work.dir, version);
          fs.renameSync(work.dir, dir);
          fs.writeFileSync(path.join(active, 'build.json'), JSON.stringify({ build: fs.realpathSync(dir), fingerprint }));
          swapCurrent(siteDir, dir);
          pruning = prune(siteDir, keep);
          const ms = Date.now() - started;
          log(`site rebuilt data-only in ${(ms / 1000).toFixed(1)} s (content version ${version}): ${report.rendered} of ${report.paths} pages rendered, ${report.created + report.changed} written, ${report.deleted} removed (${Object.entries(report.ms).map(([k, v]) => `${k} ${v}`).join(', ')} ms)`);
          prepareStandby(fingerprint);
          return { status: 'built', mode: 'incremental', version, dir, ms, report };
        } catch (err) {
          for (const d of [work.dir, dir]) fs.rmSync(d, { recursive: true, force: true });
          fullBecause = `the data-only rebuild failed: ${(err as Error).message}`;
          log(`${fullBecause}; building in full`);
          // the renderer's list of pages may already describe the failed folder: only a full build can start from here
          fs.rmSync(active, { recursive: true, force: true });
        }
      }
    }
    const dir = newBuildDir(version);
    const staging = path.join(rendererRoot, `staging-${process.pid}-${Date.now()}`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    log(`building content version ${version}…`);
    try {
      if (incremental) await build(dir, apiUrl, { SITE_RENDERER_OUT: staging, ...(full ? { SITE_DATA_REFRESH: '1' } : {}) });
      else await build(dir, apiUrl);
      if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error('the build has no index.html');
      writeVersion(dir, version);
      swapCurrent(siteDir, dir);
      // the compiled pages of this build become the ones data-only rebuilds start from (and the
      // compile cache of the previous ones goes: their file names are not used again)
      standby?.kill();
      standby = null;
      fs.rmSync(active, { recursive: true, force: true });
      fs.rmSync(path.join(rendererRoot, '.compile-cache'), { recursive: true, force: true });
      if (fs.existsSync(path.join(staging, 'state.json'))) {
        fs.writeFileSync(path.join(staging, 'build.json'), JSON.stringify({ build: fs.realpathSync(dir), fingerprint }));
        fs.renameSync(staging, active);
      }
      pruning = prune(siteDir, keep);
      const ms = Date.now() - started;
      log(`site built in ${(ms / 1000).toFixed(1)} s (content version ${version})`);
      if (incremental) prepareStandby(fingerprint);
      return { status: 'built', mode: 'full', version, dir, ms, ...(fullBecause ? { fullBecause } : {}) };
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      log(`site build failed, keeping the previous one: ${(err as Error).message}`);
      return { status: 'failed', version, error: (err as Error).message };
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }

  /**
   * Builds when the version moved, or the last build is a day old (`force`: now, whatever the
   * version); data-only when it can, unless `full`. While a build runs, a change is remembered and
   * built right after it: one build at a time, and never more than one waiting.
   */
  async function check(force = false, full = false): Promise<RebuildResult> {
    if (running) {
      pending = true;
      return { status: 'busy' };
    }
    const version = await readVersion();
    if (!force && builtVersion() === version && now() - lastStart < maxAgeMs) return { status: 'unchanged', version };
    pending = false;
    running = run(version, full)
      .then((result) => {
        if (result.status === 'built' || result.status === 'hooked') live = { version, at: new Date().toISOString() };
        return result;
      })
      .finally(() => {
        running = null;
        if (pending && !stopped) notify();
      });
    return running;
  }

  /** Content changed (in this process): build soon, gathering a burst of writes into one build. */
  function notify() {
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    gathering ??= setTimeout(() => {
      gathering = null;
      pending = false;
      check().catch((err: unknown) => log(`rebuild failed: ${(err as Error).message}`));
    }, debounceMs);
  }

  return {
    check,
    /** Builds now whatever the version: in full (npm run build:site), or data-only when it can (`full` false). */
    rebuildNow: (full = true) => check(true, full),
    notify,
    /** What the console shows: the live version, and whether a build is under way or waiting. */
    status: () => ({ live_version: live?.version ?? builtVersion(), live_at: live?.at ?? null, building: running !== null, pending: pending || gathering !== null }),
    /** Looks at the version now and then every pollMs. */
    start() {
      stopped = false;
      // folders linked for a next rebuild, or pruned builds, left by processes that are gone
      for (const name of fs.existsSync(siteDir) ? fs.readdirSync(siteDir) : []) {
        const prefix = [STAGING_PREFIX, TRASH_PREFIX].find((p) => name.startsWith(p));
        const pid = prefix ? Number(name.slice(prefix.length).split('-')[0]) : 0;
        if (pid && !isAlive(pid)) fs.rmSync(path.join(siteDir, name), { recursive: true, force: true });
      }
      prepareStandby();
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
      if (gathering) clearTimeout(gathering);
      gathering = null;
      await running?.catch(() => {});
      standby?.kill();
      standby = null;
      await discardStaged();
      await pruning.catch(() => {});
    },
    /** Resolves once the renderer and the folder kept for the next data-only rebuild are ready (at once without them). */
    async ready() {
      await Promise.all([standby?.ready.catch(() => {}), staged?.ready.catch(() => {})]);
    },
    get building() {
      return running !== null;
    },
  };
}
