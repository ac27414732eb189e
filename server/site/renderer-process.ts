/**
 * render.ts in a child process: started with the compiled pages of a full build, it loads them and
 * waits until it is told which build folder to update (once). The runner may start it ahead of a
 * content change (standby), so that only reading the changes, rendering and the swap remain.
 */
import { spawn } from 'node:child_process';
import { lowPriority } from './low-priority.ts';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from './site-dir.ts';

/** What render.ts did (pages rendered, written, deleted; phase times). */
export interface RenderReport {
  paths: number;
  rendered: number;
  /** the paths rendered: new, their cacheKey changed, or they have none */
  renderedPaths: string[];
  created: number;
  changed: number;
  unchanged: number;
  deleted: number;
  data: { lists: Record<string, string>; requests: number; ms?: Record<string, number> } | null;
  ms: Record<string, number>;
  /** the renderer had been started (and had loaded the pages) before the rebuild began */
  standby?: boolean;
}

type ProbeReply = { key: string; before: number; date: number | null; body: unknown };

/**
 * The first request of every list's data sync (SITE_DATA_DIR/index.json, written by
 * src/pages/_lib/data-cache.ts), sent now: the API answers them while render.ts starts.
 */
async function prefetchProbes(dataDir: string | undefined, apiUrl: string): Promise<ProbeReply[]> {
  let index: { api?: string; probes?: string[] };
  try {
    index = JSON.parse(fs.readFileSync(path.join(dataDir ?? '', 'index.json'), 'utf8'));
  } catch {
    return [];
  }
  const base = apiUrl.replace(/\/$/, '');
  if (index.api !== `${base}/` || !Array.isArray(index.probes)) return [];
  const replies = await Promise.all(index.probes.map((key) => probe(base, key)));
  return replies.filter((r) => r !== null);
}

async function probe(base: string, key: string): Promise<ProbeReply | null> {
  const before = Date.now();
  try {
    const response = await fetch(`${base}/${key}`, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) return null;
    const date = Date.parse(response.headers.get('date') ?? '');
    return { key, before, date: Number.isFinite(date) ? date : null, body: (await response.json()) as unknown };
  } catch {
    return null;
  }
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

/** How render.ts's report line begins (`{"paths": …}`): told apart from anything a page prints. */
const REPORT_START = '{"paths":';
const lastLines = (text: string) => text.trim().split('\n').slice(-8).join('\n');

export function startRenderer(rendererDir: string, apiUrl: string, extraEnv: Record<string, string> = {}, activation = ''): Renderer {
  // a larger young generation: listing every path allocates much that dies young, and a short-lived process need not keep its heap small
  const child = spawn(
    process.execPath,
    ['--no-warnings', '--max-semi-space-size=64', path.join(PROJECT_ROOT, 'server', 'site', 'render.ts'), rendererDir],
    {
      cwd: PROJECT_ROOT,
      // Node's compile cache: the bundle and its dependencies are parsed once, not on every rebuild
      env: {
        NODE_COMPILE_CACHE: path.join(rendererDir, '..', '.compile-cache'),
        ...process.env,
        ...extraEnv,
        NODE_ENV: 'production',
        API_URL: apiUrl,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  lowPriority(child);
  const out = { alive: true, stdout: '', stderr: '' };
  let onReady!: () => void;
  let onEarlyExit!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onEarlyExit = reject;
  });
  ready.catch(() => {});
  const closed = new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      out.stderr += String(err);
      resolve(-1);
    });
    child.on('close', (code) => resolve(code));
  });
  void closed.then((code) => {
    out.alive = false;
    onEarlyExit(new Error(`the renderer exited with ${code}: ${lastLines(out.stderr)}`));
  });
  child.stdin.on('error', () => {}); // gone already: its exit says why
  let onReport!: (line: string) => void;
  const reported = new Promise<string>((resolve) => (onReport = resolve));
  child.stdout.on('data', (c: Buffer) => {
    out.stdout += c.toString();
    if (out.stdout.startsWith('ready\n')) onReady();
    // the last whole line (the report is the last thing printed)
    const last = out.stdout.split('\n').at(-2) ?? '';
    if (last.startsWith(REPORT_START)) onReport(last);
  });
  child.stderr.on('data', (c: Buffer) => (out.stderr = (out.stderr + c.toString()).slice(-4000)));
  // with stdio 'pipe' the child's streams are sockets, which can be unref'd
  const handles: { ref(): void; unref(): void }[] = [child, child.stdin as Socket, child.stdout as Socket, child.stderr as Socket];
  let used = false;
  return {
    ready,
    activation,
    get alive() {
      return out.alive;
    },
    async run(buildDir: string) {
      if (used) throw new Error('a renderer runs once');
      used = true;
      for (const h of handles) h.ref();
      child.stdin.write(`${JSON.stringify({ buildDir })}\n`);
      // the sync's first requests, answered while the renderer reads the copy of the data
      void prefetchProbes(extraEnv.SITE_DATA_DIR, apiUrl).then((replies) => child.stdin.end(`${JSON.stringify(replies)}\n`));
      // the report is the renderer's last word, printed once every file is in place: the rebuild is
      // done then, not 25-55 ms later when the process has finished exiting
      const ended = await Promise.race([reported, closed]);
      if (typeof ended === 'string') return JSON.parse(ended) as RenderReport;
      if (ended !== 0) throw new Error(`data-only rebuild exited with ${ended}: ${lastLines(out.stderr)}`);
      throw new Error(`data-only rebuild printed no report: ${out.stdout.slice(-400)}`);
    },
    unref() {
      for (const h of handles) h.unref();
    },
    kill() {
      if (out.alive) child.kill();
    },
  };
}
