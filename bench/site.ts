/**
 * npm run bench:site [-- --scale 4500] [-- --runs 5] [-- --no-lighthouse] [-- --slow-runs 3]
 * Builds the public site from a seeded API (demo data, plus `--scale N` extra consultancies and
 * courses for a ~10k-page run) through the rebuild runner (server/site/rebuild.ts), as `npm start`
 * does, then measures:
 * - the full build (`astro build`): time, ms per page, Astro's own phases (ASTRO_TIMER_PATH);
 * - the incremental rebuild after one record changes (an admin edits a consultancy's phone), `--runs`
 *   times (median): the runner's data-only rebuild, with its phases, as a share of the full build;
 *   the edited page is checked. As `npm start` runs it (the renderer loaded ahead), then again
 *   with the renderer started on the spot (a one-shot `npm run rebuild`);
 * - for comparison, what a rebuild costs when the code changed too (then no data-only rebuild is
 *   possible): `astro build` reusing Astro's incremental page cache and the data copy;
 * - the weight of the home, a list, detail pages (a consultancy, a university, a destination's plan,
 *   an exam with test sessions, a course with entry requirements) and the task pages (profile,
 *   shortlist, booking, tracking, offline): HTML, inlined CSS and all JS, gzip; render-blocking scripts.
 * Then serves the site with the API (as `npm start` does) and runs Lighthouse mobile (performance,
 * accessibility, best practices, SEO) on the same pages, the booking by its mail's link
 * (bench/lighthouse.ts); `--no-lighthouse` skips it. Then the first view of the home, a list, a consultancy and a course on a phone on slow
 * 3G (bench/first-view.ts: requests, bytes, LCP, usable), `--slow-runs` times each (median). The machine's load average is recorded with every timing. Writes
 * bench/results/site.json (or site-<scale>.json).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { astroBuild, createRebuildRunner, DATA_DIR, PROJECT_ROOT, type RebuildResult } from '../server/site/rebuild.ts';
import { slow3g } from './first-view.ts';
import { runLighthouse } from './lighthouse.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'slow-runs': { type: 'string', default: '3' },
  },
});
const scale = Number(values.scale);
const runs = Math.max(1, Number(values.runs));
const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
const dataDir = path.join(work, 'data');
const siteDir = path.join(work, 'site');
const cacheDir = path.join(siteDir, '.astro-cache');
fs.mkdirSync(siteDir, { recursive: true });
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };

if (scale > 0) {
  console.log(`seeding the demo data plus ${scale} consultancies and courses…`);
  const r = spawnSync(process.execPath, [tsx, 'server/db/seed/cli.ts', '--scale', String(scale)], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('seed failed');
}

/**
 * A counselling booking's link as its mail gives it (/booking/?ref=…&token=…): the demo
 * consultancy opens its hours, a student asks for counselling and books the first free slot (at
 * its first branch when it has branches).
 */
async function bookingLink(apiUrl: string): Promise<string> {
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') => {
    const r = await fetch(`${apiUrl}/${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const login = await post('auth/login/', { email: 'consultancy@example.com', password: process.env.DEMO_PASSWORD ?? 'demo1234' });
  const consultancy = (login.user as { consultancy_id: number }).consultancy_id;
  const day = [{ opens: '00:00', closes: '23:30' }];
  await post(
    'consultancy/dashboard/counselling/hours/',
    { slot_minutes: 30, hours: Array(7).fill(day) },
    { Authorization: `Bearer ${login.access as string}` },
    'PUT',
  );
  const email = `bench-${Date.now()}@example.com`;
  const inquiry = await post('inquiry/submit/', {
    name: 'Bench Student',
    email,
    phone: '9812345678',
    message: 'FREE Counseling: ',
    entity_type: 'consultancy',
    entity_id: consultancy,
    consultancy,
  });
  type Slots = { branches: { id: number }[]; days: { slots: { starts_at: string }[] }[] };
  const slotsAt = async (query: string) => (await fetch(`${apiUrl}/counselling/slots/?${query}`).then((r) => r.json())) as Slots;
  // a consultancy with branches is booked at one of them, in that branch's hours (the demo's has two)
  const { branches } = await slotsAt(`consultancy=${consultancy}`);
  const branch = branches[0]?.id;
  const slots = await slotsAt(`consultancy=${consultancy}${branch ? `&branch=${branch}` : ''}`);
  const starts_at = slots.days.flatMap((d) => d.slots)[0]!.starts_at;
  const booked = await post('counselling/bookings/', { email, inquiry: inquiry.reference, starts_at, ...(branch ? { branch } : {}) });
  return `/booking/?ref=${booked.reference as string}&token=${booked.token as string}`;
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [tsx, 'tests/e2e/setup-server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...env, SITE_DIR: siteDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
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
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce(
      (n, e) =>
        n +
        (e.isDirectory()
          ? countPages(path.join(dir, e.name))
          : e.name.endsWith('.html') || e.name.endsWith('.xml') || e.name.endsWith('.txt')
            ? 1
            : 0),
      0,
    );

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

/** The JS a page loads: island components, renderer and their static imports (lazy ones apart). */
function pageWeight(outDir: string, route: string) {
  const html = fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const entries = new Set<string>(
    [...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((u) => u.startsWith('/')),
  );
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const walk = (url: string, into: Set<string>) => {
    if (eager.has(url) || into.has(url)) return;
    into.add(url);
    const code = fs.readFileSync(path.join(outDir, url), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
      walk(path.posix.join(path.posix.dirname(url), m[1]!), into);
    for (const m of code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) {
      const target = path.posix.join(path.posix.dirname(url), m[1]!);
      if (!eager.has(target)) walk(target, lazy);
    }
  };
  for (const e of entries) walk(e, eager);
  for (const e of eager) lazy.delete(e);
  const sum = (set: Set<string>) => [...set].reduce((n, u) => n + gz(fs.readFileSync(path.join(outDir, u))), 0);
  const head = html.slice(0, html.indexOf('</head>'));
  const blocking = [...head.matchAll(/<script(?![^>]*type="(?:module|application\/ld\+json)")(?![^>]*\b(?:defer|async)\b)[^>]*src=/g)]
    .length;
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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const load = () => Number(os.loadavg()[0].toFixed(2));
// Astro's own phase timers, written after every `astro build`
const timerFile = path.join(work, 'astro-timer.json');
process.env.ASTRO_TIMER_PATH = timerFile;
const astroPhases = () => {
  const stats = JSON.parse(fs.readFileSync(timerFile, 'utf8')) as Record<string, { elapsedTime: number }>;
  const ms = (name: string) => Math.round(stats[name]?.elapsedTime ?? 0);
  return {
    total_build_ms: ms('Total build'),
    prerender_bundle_ms: ms('Prerender build'),
    client_bundle_ms: ms('Client build'),
    generate_pages_ms: ms('Static generate'),
  };
};
try {
  let version = 1;
  // as `npm start` runs it: the next data-only rebuild's renderer is started and loaded ahead
  const runner = createRebuildRunner({ apiUrl, siteDir, readVersion: async () => version, log: () => {}, standby: true });
  const built = (r: RebuildResult, mode: 'full' | 'incremental') => {
    if (r.status !== 'built' || r.mode !== mode) throw new Error(`expected a ${mode} build, got ${JSON.stringify(r)}`);
    return r;
  };
  const current = () => fs.realpathSync(path.join(siteDir, 'current'));

  console.log('full build…');
  const fullLoad = load();
  const full = built(await runner.check(), 'full');
  const fullMs = full.ms!;
  const fullPhases = astroPhases();
  const pages = countPages(current());

  // one record changes: an admin edits a consultancy's phone; the runner rebuilds (data-only)
  const login = await fetch(`${apiUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: process.env.DEMO_PASSWORD ?? 'demo1234' }),
  }).then((r) => r.json() as Promise<{ access: string }>);
  const editPhone = async () => {
    const phone = `98${String(Date.now() % 100000000).padStart(8, '0')}`;
    const form = new FormData();
    form.set('phone', phone);
    const edit = await fetch(`${apiUrl}/consultancy/1/update/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${login.access}` },
      body: form,
    });
    if (!edit.ok) throw new Error(`edit failed: ${edit.status}`);
    version++;
    return { phone, slug: ((await edit.json()) as { slug: string }).slug };
  };
  type Run = { ms: number; load: number; report: NonNullable<RebuildResult['report']> };
  // a run that had to build in full because the code changed meanwhile (others edit this checkout) is not counted
  const discarded: { ms: number; because: string }[] = [];
  const measure = async (r: ReturnType<typeof createRebuildRunner>, label: string): Promise<Run[]> => {
    const out: Run[] = [];
    for (let i = 0; i < runs; i++) {
      // an edit comes long after the previous rebuild: its renderer is loaded by then
      await r.ready();
      const { phone, slug } = await editPhone();
      const l = load();
      const attempt = await r.check();
      if (attempt.status === 'built' && attempt.mode === 'full' && discarded.length < 3) {
        discarded.push({ ms: attempt.ms!, because: attempt.fullBecause ?? '' });
        console.log(`${label} ${i + 1} built in full (${attempt.fullBecause}): not counted, again`);
        i--;
        continue;
      }
      const done = built(attempt, 'incremental');
      const html = fs.readFileSync(path.join(current(), 'consultancy', slug, 'index.html'), 'utf8');
      if (!html.includes(phone)) throw new Error(`the incremental rebuild did not update /consultancy/${slug}/`);
      out.push({ ms: done.ms!, load: l, report: done.report! });
      console.log(`${label} ${i + 1}/${runs}: ${done.ms} ms${done.report?.standby ? '' : ' (renderer started on the spot)'}`);
    }
    return out;
  };
  const phasesOf = (list: Run[]) => ({
    ...Object.fromEntries(Object.keys(list[0]!.report.ms).map((k) => [`${k}_ms`, median(list.map((r) => r.report.ms[k] ?? 0))])),
    ...Object.fromEntries(
      (['read', 'fetch', 'write'] as const).map((k) => [`data_${k}_ms`, median(list.map((r) => r.report.data?.ms?.[k] ?? 0))]),
    ),
  });
  const incremental = await measure(runner, 'incremental rebuild');
  const incMs = median(incremental.map((r) => r.ms));
  const last = incremental[incremental.length - 1]!.report;
  // the same without a renderer kept loaded (a one-shot `npm run rebuild`, or a runner without standby)
  await runner.stop();
  const coldRunner = createRebuildRunner({ apiUrl, siteDir, readVersion: async () => version, log: () => {} });
  const cold = await measure(coldRunner, 'incremental rebuild, renderer started on the spot');
  const coldMs = median(cold.map((r) => r.ms));

  // for comparison: the rebuild when the code changed as well (no data-only rebuild then)
  console.log('astro build reusing its page cache (the code-change path)…');
  await editPhone();
  const codeLoad = load();
  const t = performance.now();
  await astroBuild(path.join(siteDir, 'builds', 'code-change'), apiUrl, {
    ASTRO_CACHE_DIR: cacheDir,
    SITE_DATA_DIR: path.join(siteDir, DATA_DIR),
  });
  const codeMs = Math.round(performance.now() - t);
  const codePhases = astroPhases();
  fs.rmSync(path.join(siteDir, 'builds', 'code-change'), { recursive: true, force: true });
  // bring `current` up to date for the weights and Lighthouse
  const final = await coldRunner.check();
  if (final.status !== 'built') throw new Error(`the last rebuild failed: ${final.error}`);
  const served = current();
  const list = fs
    .readdirSync(path.join(served, 'university'))
    .find((d) => d !== 'page' && fs.existsSync(path.join(served, 'university', d, 'index.html')))!;
  // issue 26/27's pages: a destination's plan, an exam with sessions in Nepal, a course with entry
  // requirements ("Do I qualify?"), and the task pages (profile, shortlist, a booking, tracking, offline)
  const firstDir = (kind: string, has: RegExp) =>
    fs.readdirSync(path.join(served, kind)).find((d) => {
      const file = path.join(served, kind, d, 'index.html');
      return d !== 'page' && fs.existsSync(file) && has.test(fs.readFileSync(file, 'utf8'));
    })!;
  const plan = `destination/${fs.readdirSync(path.join(served, 'destination')).find((d) => fs.existsSync(path.join(served, 'destination', d, 'plan', 'index.html')))}/plan/`;
  const examWithSessions = `exam/${firstDir('exam', /TestSessions/)}/`;
  const courseWithRequirements = `course/${firstDir('course', /class="qualify none"[^>]*\shidden/)}/`;
  const detailRoutes = [
    'consultancy/everest-education-consultancy/',
    `university/${list}/`,
    plan,
    examWithSessions,
    courseWithRequirements,
  ];
  const taskRoutes = ['my-profile/', 'shortlist/', 'booking/', 'track/', 'offline/'];
  const routes = ['', 'consultancy/', ...detailRoutes, ...taskRoutes];
  const weights = routes.map((route) => pageWeight(served, route));
  // Lighthouse on the built site, served with the API from one origin as `npm start` serves it
  const booking = await bookingLink(apiUrl);
  const lhRoutes = routes.map((r) => (r === 'booking/' ? booking : `/${r}`));
  const lh = values['no-lighthouse'] ? [] : await runLighthouse(`http://127.0.0.1:${port}`, lhRoutes);
  const lhMin = (key: 'performance' | 'accessibility' | 'best_practices' | 'seo') =>
    lh.length ? Math.min(...lh.map((p) => p[key] ?? 0)) : null;
  // slow 3G on a phone, first visit: the home, a list, a consultancy and a course (medians)
  const course = fs
    .readdirSync(path.join(served, 'course'))
    .find((d) => d !== 'page' && fs.existsSync(path.join(served, 'course', d, 'index.html')))!;
  const slow = await slow3g(
    `http://127.0.0.1:${port}`,
    ['/', '/consultancy/', '/consultancy/everest-education-consultancy/', `/course/${course}/`],
    Math.max(1, Number(values['slow-runs'])),
  );
  const usableMax = Math.max(...slow.map((p) => p.usable_ms));

  const detailMax = Math.max(...weights.filter((w) => detailRoutes.includes(w.route.slice(1))).map((w) => w.html_gzip));
  const jsMax = Math.max(...weights.map((w) => w.js_total_gzip));
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      note: 'shared machine: load_avg_1m is the 1-minute load average when each timing started',
    },
    dataset: scale > 0 ? `demo + ${scale} consultancies and ${scale} courses` : 'demo',
    build: {
      pages,
      full_ms: Math.round(fullMs),
      ms_per_page: Number((fullMs / pages).toFixed(2)),
      full_load_avg_1m: fullLoad,
      full_phases: {
        ...fullPhases,
        note: "Astro's timers (ASTRO_TIMER_PATH); full_ms adds process start, config and types, the runner's swap",
      },
      incremental_ms: incMs,
      incremental_share: Number((incMs / fullMs).toFixed(3)),
      incremental_runs: incremental.map((r) => ({ ms: r.ms, load_avg_1m: r.load })),
      ...(discarded.length ? { discarded_runs: discarded } : {}),
      incremental_phases: {
        ...phasesOf(incremental),
        note: "medians. Before the rebuild (not in incremental_ms): load = the renderer process started and the compiled pages imported after the previous rebuild, as `npm start`'s runner keeps it, while the new build folder is linked (hard links to every file of the current build); wait = idle until the edit. In it: link = waiting for that folder (0 once linked ahead); paths = every route lists its paths again, including the data sync (data_read = the copy of the lists, data_fetch = the changes from the API, asked by the runner while the renderer reads the copy; data_write = the copy updated); render = the pages to render; apply = written into the served build; total = from the runner's go to the end; the rest of incremental_ms is the runner (code fingerprint, the API's answers to the sync's first requests, the report)",
      },
      incremental_cold_ms: coldMs,
      incremental_cold_share: Number((coldMs / fullMs).toFixed(3)),
      incremental_cold_runs: cold.map((r) => ({ ms: r.ms, load_avg_1m: r.load })),
      incremental_cold_phases: {
        ...phasesOf(cold),
        note: 'the same rebuild with the renderer started and the folder linked on the spot (a one-shot `npm run rebuild`): its start, load and linking are in the time',
      },
      incremental_pages: {
        paths: last.paths,
        rendered: last.rendered,
        written: last.created + last.changed,
        deleted: last.deleted,
        requests: last.data?.requests ?? null,
        lists: last.data?.lists ?? null,
      },
      code_change_rebuild_ms: codeMs,
      code_change_rebuild_share: Number((codeMs / fullMs).toFixed(3)),
      code_change_rebuild_load_avg_1m: codeLoad,
      code_change_rebuild_phases: {
        ...codePhases,
        note: "astro build after a code change: both Vite builds again, unchanged pages copied from Astro's incremental cache, lists from the data copy",
      },
    },
    pages: weights,
    slow_3g: {
      config:
        'phone 360x740, first visit, cache off; 400 kbps down and up, 400 ms RTT (CDP), CPU 4x slower; system Chromium headless; medians of --slow-runs runs (bench/first-view.ts)',
      usable: 'the later of the LCP and the last island that hydrates without input (client:load/idle, client:visible on screen)',
      pages: slow,
    },
    lighthouse: lh.length
      ? { config: 'mobile (default: simulated slow 4G, 4x CPU), first visit with fresh storage; system Chromium headless', pages: lh }
      : null,
    budgets: {
      detail_html_and_css_gzip_max_14kb: { value: detailMax, ok: detailMax <= 14 * 1024 },
      js_per_page_gzip_max_80kb: { value: jsMax, ok: jsMax <= 80 * 1024 },
      no_render_blocking_script: { ok: weights.every((w) => w.render_blocking_scripts === 0) },
      slow_3g_usable_max_2500ms: { value: usableMax, ok: usableMax <= 2500 },
      ms_per_page_max_8: { value: Number((fullMs / pages).toFixed(2)), ok: fullMs / pages <= 8 },
      ...(lh.length
        ? {
            lighthouse_performance_100: { value: lhMin('performance'), ok: lhMin('performance') === 100 },
            lighthouse_accessibility_100: { value: lhMin('accessibility'), ok: lhMin('accessibility') === 100 },
            lighthouse_best_practices_100: { value: lhMin('best_practices'), ok: lhMin('best_practices') === 100 },
            lighthouse_seo_100: { value: lhMin('seo'), ok: lhMin('seo') === 100 },
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
