/**
 * npm run bench:site [-- --scale 4500]
 * Builds the public site from a seeded API (demo data, plus `--scale N` extra consultancies and
 * courses for a ~10k-page run), then measures: full build time and ms per page; an incremental
 * rebuild after one record changes (share of the full build); and the weight of the home, a list
 * and a detail page (HTML, inlined CSS and all JS, gzip; render-blocking scripts).
 * Then serves the full build with the API (as `npm start` does) and runs Lighthouse mobile
 * (performance and accessibility) on the home, a list and a detail page (bench/lighthouse.ts);
 * `--no-lighthouse` skips it. Writes bench/results/site.json (or site-<scale>.json).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { astroBuild, PROJECT_ROOT, swapCurrent } from '../server/site/rebuild.ts';
import { runLighthouse } from './lighthouse.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '0' }, keep: { type: 'boolean', default: false }, 'no-lighthouse': { type: 'boolean', default: false } } });
const scale = Number(values.scale);
const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
const dataDir = path.join(work, 'data');
const siteDir = path.join(work, 'site');
const cacheDir = path.join(siteDir, '.astro-cache');
fs.mkdirSync(siteDir, { recursive: true });
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };

if (scale > 0) {
  console.log(`seeding the demo data plus ${scale} consultancies and courses…`);
  const r = spawnSync(process.execPath, [tsx, 'server/db/seed/cli.ts', '--scale', String(scale)], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('seed failed');
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [tsx, 'tests/e2e/setup-server.ts'], { cwd: PROJECT_ROOT, env: { ...env, SITE_DIR: siteDir, PORT: '0' }, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/READY (\d+)/);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
}

const countPages = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countPages(path.join(dir, e.name)) : e.name.endsWith('.html') || e.name.endsWith('.xml') || e.name.endsWith('.txt') ? 1 : 0), 0);

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

/** The JS a page loads: island components, renderer and their static imports (lazy ones apart). */
function pageWeight(outDir: string, route: string) {
  const html = fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const entries = new Set<string>([...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!).filter((u) => u.startsWith('/')));
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const walk = (url: string, into: Set<string>) => {
    if (eager.has(url) || into.has(url)) return;
    into.add(url);
    const code = fs.readFileSync(path.join(outDir, url), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) walk(path.posix.join(path.posix.dirname(url), m[1]!), into);
    for (const m of code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) {
      const target = path.posix.join(path.posix.dirname(url), m[1]!);
      if (!eager.has(target)) walk(target, lazy);
    }
  };
  for (const e of entries) walk(e, eager);
  for (const e of eager) lazy.delete(e);
  const sum = (set: Set<string>) => [...set].reduce((n, u) => n + gz(fs.readFileSync(path.join(outDir, u))), 0);
  const head = html.slice(0, html.indexOf('</head>'));
  const blocking = [...head.matchAll(/<script(?![^>]*type="(?:module|application\/ld\+json)")(?![^>]*\b(?:defer|async)\b)[^>]*src=/g)].length;
  return {
    route: `/${route}`,
    html_gzip: gz(html),
    inline_css_gzip: gz(styles),
    js_gzip: sum(eager),
    js_lazy_gzip: sum(lazy),
    js_total_gzip: sum(eager) + sum(lazy),
    render_blocking_scripts: blocking,
  };
}

const { child, port } = await startServer();
const apiUrl = `http://127.0.0.1:${port}/api`;
try {
  const full = path.join(siteDir, 'builds', 'full');
  let t = performance.now();
  await astroBuild(full, apiUrl, { ASTRO_CACHE_DIR: cacheDir });
  const fullMs = performance.now() - t;
  const pages = countPages(full);

  // one record changes: an admin edits a consultancy's phone
  const login = await fetch(`${apiUrl}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo1234' }) }).then((r) => r.json() as Promise<{ access: string }>);
  const form = new FormData();
  form.set('phone', `98${Date.now() % 100000000}`);
  const edit = await fetch(`${apiUrl}/consultancy/1/update/`, { method: 'PATCH', headers: { Authorization: `Bearer ${login.access}` }, body: form });
  if (!edit.ok) throw new Error(`edit failed: ${edit.status}`);
  const incremental = path.join(siteDir, 'builds', 'incremental');
  t = performance.now();
  await astroBuild(incremental, apiUrl, { ASTRO_CACHE_DIR: cacheDir });
  const incMs = performance.now() - t;

  const list = fs.readdirSync(path.join(full, 'university')).find((d) => d !== 'page' && fs.existsSync(path.join(full, 'university', d, 'index.html')))!;
  const weights = [pageWeight(full, ''), pageWeight(full, 'consultancy/'), pageWeight(full, 'consultancy/everest-education-consultancy/'), pageWeight(full, `university/${list}/`)];
  // Lighthouse on the full build, served with the API from one origin as `npm start` serves it
  swapCurrent(siteDir, full);
  const lhRoutes = ['/', '/consultancy/', '/consultancy/everest-education-consultancy/', `/university/${list}/`];
  const lh = values['no-lighthouse'] ? [] : await runLighthouse(`http://127.0.0.1:${port}`, lhRoutes);
  const lhMin = (key: 'performance' | 'accessibility') => (lh.length ? Math.min(...lh.map((p) => p[key] ?? 0)) : null);

  const detailMax = Math.max(...weights.slice(2).map((w) => w.html_gzip));
  const jsMax = Math.max(...weights.map((w) => w.js_total_gzip));
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    dataset: scale > 0 ? `demo + ${scale} consultancies and ${scale} courses` : 'demo',
    build: {
      pages,
      full_ms: Math.round(fullMs),
      ms_per_page: Number((fullMs / pages).toFixed(2)),
      incremental_ms: Math.round(incMs),
      incremental_share: Number((incMs / fullMs).toFixed(3)),
    },
    pages: weights,
    lighthouse: lh.length ? { config: 'mobile (default: simulated slow 4G, 4x CPU), first visit with fresh storage; system Chromium headless', pages: lh } : null,
    budgets: {
      detail_html_and_css_gzip_max_14kb: { value: detailMax, ok: detailMax <= 14 * 1024 },
      js_per_page_gzip_max_80kb: { value: jsMax, ok: jsMax <= 80 * 1024 },
      no_render_blocking_script: { ok: weights.every((w) => w.render_blocking_scripts === 0) },
      ms_per_page_max_8: { value: Number((fullMs / pages).toFixed(2)), ok: fullMs / pages <= 8 },
      ...(lh.length
        ? {
            lighthouse_performance_100: { value: lhMin('performance'), ok: lhMin('performance') === 100 },
            lighthouse_accessibility_100: { value: lhMin('accessibility'), ok: lhMin('accessibility') === 100 },
          }
        : {}),
      incremental_share_max_5pct: { value: Number((incMs / fullMs).toFixed(3)), ok: incMs / fullMs <= 0.05 },
    },
  };
  const file = path.join(PROJECT_ROOT, 'bench', 'results', scale > 0 ? `site-${scale}.json` : 'site.json');
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`→ ${path.relative(PROJECT_ROOT, file)}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  if (!values.keep) fs.rmSync(work, { recursive: true, force: true });
}
