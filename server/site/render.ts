/**
 * The data-only rebuild, run by the rebuild runner (rebuild.ts) as a child process with plain Node
 * (types stripped, no Vite):
 *
 *   node server/site/render.ts <rendererDir>        then on stdin: {"buildDir": "…"}\n, then the probe replies\n
 *
 * It loads the prerender bundle the last full `astro build` left in <rendererDir>
 * (astro-renderer.ts) and says `ready`; the runner may start it ahead of time, so that this part is
 * done before content changes. On the first stdin line it asks every route for its paths again (the
 * pages read the API through the build's data copy, src/pages/_lib/data-cache.ts) and renders only
 * the paths that are new, whose cacheKey changed, or that have none (home, sitemap, feeds, the few
 * static pages), into buildDir (a new folder of hard links to the current build's files, see
 * linkTree in rebuild.ts): new files first, then changed ones (each written beside and renamed over
 * the link, so the current build's file is never written), then the files of paths that are gone.
 * Files whose bytes did not change are left alone. The last stdout line is a JSON report (counts,
 * phase times). Any error exits non-zero and the runner makes a full build instead. Without a
 * first line (stdin closed: the runner went away) it exits quietly.
 *
 * The bundle is Astro's own (same code, same Astro), loaded through astro-adapter.ts, the one module
 * that touches Astro's internals.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadPages } from './astro-adapter.ts';
import type { RendererState } from './astro-renderer.ts';
import { pageFinisher } from './finish-pages.ts';

const started = performance.now();
const ms: Record<string, number> = {};
let mark = started;
const lap = (name: string) => {
  const now = performance.now();
  ms[name] = Math.round(now - mark);
  mark = now;
};

const rendererDir = process.argv[2];
if (!rendererDir) throw new Error('usage: node server/site/render.ts <rendererDir> (then {"buildDir"} on stdin)');
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stateFile = path.join(rendererDir, 'state.json');
const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as RendererState;
if (state.base !== '/' || state.trailingSlash !== 'always' || state.buildFormat !== 'directory') {
  throw new Error('only base "/", trailingSlash "always" and build.format "directory" are supported');
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const nextLine = async (): Promise<string | null> => {
  const { value, done } = await lines.next();
  return done ? null : (value as string);
};

// The bundle imports preact, react-dom/server, ky... by name: they resolve through this link.
const modules = path.join(rendererDir, 'node_modules');
if (!fs.existsSync(modules)) fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), modules, 'dir');

const pages = await loadPages(path.join(rendererDir, 'bundle', state.entry), state.styles, state.scripts);
lap('load');
process.stdout.write('ready\n');

const go = await nextLine();
if (go === null) process.exit(0);
const { buildDir } = JSON.parse(go) as { buildDir: string };
const goAt = performance.now();
ms.wait = Math.round(goAt - mark);
mark = goAt;
// the paths as of the build being updated (written again by every data-only rebuild)
const before = (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as RendererState).paths;

// The first request of every list's data sync (src/pages/_lib/data-cache.ts) is sent by the runner
// when it says go; the replies come as the next line ([{ key, before, date, body }], see
// prefetchProbes in rebuild.ts) and the sync takes them from here.
const PREFETCH = Symbol.for('studyabroad.site.prefetch');
type Reply = { body: unknown; date: number | null };
if (process.env.SITE_DATA_DIR) {
  try {
    const index = JSON.parse(fs.readFileSync(path.join(process.env.SITE_DATA_DIR, 'index.json'), 'utf8')) as { probes?: string[] };
    const sent = nextLine().then(
      (line) => new Map((JSON.parse(line ?? '[]') as ({ key: string; before: number } & Reply)[]).map((r) => [r.key, r])),
    );
    sent.catch(() => {});
    const ahead = new Map<string, { before: number; reply: Promise<Reply> }>();
    for (const key of index.probes ?? []) {
      const entry = { before: Infinity, reply: Promise.resolve<Reply>({ body: null, date: null }) };
      entry.reply = sent.then((replies) => {
        const r = replies.get(key);
        if (!r) throw new Error('not sent'); // the sync asks again itself
        entry.before = r.before;
        return { body: r.body, date: r.date };
      });
      entry.reply.catch(() => {});
      ahead.set(key, entry);
    }
    (globalThis as Record<symbol, unknown>)[PREFETCH] = ahead;
  } catch {
    /* no copy yet: the sync reads every list */
  }
}

const all = await pages.staticPaths();
const seen = new Set<string>();
const paths = all.filter((p) => {
  const key = p.pathname.length > 1 ? p.pathname.replace(/\/+$/, '') : p.pathname;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
const data = (globalThis as Record<symbol, unknown>)[Symbol.for('studyabroad.site.sync')] ?? null;
lap('paths');

const hasExtension = (p: string) => /\.[^/]+$/.test(p);
/** The request URL Astro's generate step uses (directory format, trailing slash always, base /). */
function urlFor(pathname: string, type: string): URL {
  let p: string;
  if (pathname === '/' || pathname === '') p = '/';
  else if (type === 'endpoint') p = hasExtension(pathname) ? pathname : `${pathname.replace(/\/+$/, '')}/`;
  else p = `${pathname.replace(/\/+$/, '')}/`;
  return new URL(p, state.origin);
}
/** The file Astro writes for a path (getOutFolder/getOutFile, directory format). */
function fileFor(pathname: string, type: string): string {
  if (type === 'endpoint') return path.join(buildDir, pathname);
  if (pathname === '/404' || pathname === '/500') return path.join(buildDir, `${pathname.slice(1)}.html`);
  return path.join(buildDir, pathname, 'index.html');
}

const todo = paths.filter((p) => {
  const was = before[p.pathname];
  return p.cacheKey === undefined || !was || was[0] !== p.route.component || was[1] !== p.route.type || was[2] !== p.cacheKey;
});
const outputs: { file: string; body: Buffer }[] = [];
// finished as the full build finishes its pages, so an unchanged page stays unchanged
const finish = await pageFinisher(buildDir);
for (const p of todo) {
  if (p.route.type !== 'page' && p.route.type !== 'endpoint') {
    throw new Error(`${p.pathname}: ${p.route.type} routes are not rendered here`);
  }
  const response = await pages.render(new Request(urlFor(p.pathname, p.route.type)), p.route);
  if (response.status >= 300 && response.status < 400) throw new Error(`${p.pathname}: redirects are not rendered here`);
  if (!response.body) continue;
  const body = Buffer.from(await response.arrayBuffer());
  const html = p.route.type === 'page' && response.headers.get('content-type')?.startsWith('text/html');
  outputs.push({ file: fileFor(p.pathname, p.route.type), body: html ? Buffer.from(finish(body.toString('utf8'))) : body });
}
lap('render');

const current = new Set(paths.map((p) => p.pathname));
const gone = Object.entries(before).filter(([pathname]) => !current.has(pathname));
const created: typeof outputs = [];
const changed: typeof outputs = [];
let unchanged = 0;
for (const o of outputs) {
  let old: Buffer | null = null;
  try {
    old = fs.readFileSync(o.file);
  } catch {
    /* a new page */
  }
  if (!old) created.push(o);
  else if (!old.equals(o.body)) changed.push(o);
  else unchanged++;
}
// new pages first (changed lists may link to them), pages that are gone last (lists stop linking first)
for (const o of [...created, ...changed]) {
  fs.mkdirSync(path.dirname(o.file), { recursive: true });
  const tmp = `${o.file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, o.body);
  fs.renameSync(tmp, o.file);
}
const root = path.resolve(buildDir);
for (const [pathname, [, type]] of gone) {
  const file = fileFor(pathname, type);
  fs.rmSync(file, { force: true });
  // and the folders it leaves empty
  for (let dir = path.dirname(file); dir.startsWith(`${root}${path.sep}`); dir = path.dirname(dir)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      break;
    }
  }
}
const next: RendererState = {
  ...state,
  paths: Object.fromEntries(paths.map((p) => [p.pathname, [p.route.component, p.route.type, p.cacheKey ?? null]])),
};
fs.writeFileSync(`${stateFile}.${process.pid}.tmp`, JSON.stringify(next));
fs.renameSync(`${stateFile}.${process.pid}.tmp`, stateFile);
lap('apply');
ms.total = Math.round(performance.now() - goAt);

// exit at once: the API client's keep-alive sockets would hold the process a few seconds more
const written = { created: created.length, changed: changed.length, unchanged, deleted: gone.length };
const report = { paths: paths.length, rendered: todo.length, renderedPaths: todo.map((p) => p.pathname), ...written, data, ms };
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
