/**
 * Lighthouse (mobile: the default config, simulated slow 4G and a 4x slower CPU) on pages of a
 * served site: performance, accessibility, best practices and SEO. Used by bench/site.ts; on its own:
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:4321 / /consultancy/ /consultancy/some-slug/
 * Chromium: CHROMIUM_PATH (as the end-to-end tests), else /usr/bin/chromium.
 *
 * Every page is measured as a first-time visitor (fresh storage), so the roadblock ad and the
 * booking dialog (it opens itself 2 s after load) are part of the run, as they are for a real
 * first visit. A second run of the same page with the ads and site-settings calls blocked shows
 * what those two cost.
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The calls behind the roadblock ad and the counselling banner + booking dialog. */
export const POPUP_CALLS = ['*/api/ads/*', '*/api/site-settings/*'];

export interface FailingAudit {
  id: string;
  category: string;
  title: string;
  score: number | null;
  /** its weight in the category score: 0 for diagnostics and insights (they do not lower it) */
  weight: number;
  display_value?: string;
  /** the elements or resources Lighthouse names (at most five) */
  items?: string[];
}

/** Lighthouse's four categories (12+ has no PWA category: installability is tested in tests/e2e/site-offline). */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = { performance: number | null; accessibility: number | null; best_practices: number | null; seo: number | null };

export interface LighthousePage extends Scores {
  route: string;
  metrics: { fcp_ms: number; lcp_ms: number; tbt_ms: number; cls: number; si_ms: number };
  lcp_element?: string;
  /** why Lighthouse could not score a category (e.g. no LCP observed) */
  errors?: string[];
  failing: FailingAudit[];
  /** the same page without the roadblock ad and the counselling banner/booking dialog */
  without_popups?: Scores & { metrics: LighthousePage['metrics'] };
}

type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      errorMessage?: string;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
};

const itemLabel = (item: Record<string, unknown>): string | null => {
  const node = (item.node ?? item) as { snippet?: string; selector?: string; nodeLabel?: string };
  if (node.snippet) return `${node.selector ?? ''} ${node.snippet}`.trim().slice(0, 200);
  if (typeof item.url === 'string') return item.url.replace(/^https?:\/\/[^/]+/, '');
  if (item.items && Array.isArray(item.items)) return itemLabel(item.items[0] as Record<string, unknown>);
  return null;
};

function failing(lhr: Lhr): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)) continue;
      const items = (a.details?.items ?? [])
        .map(itemLabel)
        .filter((s): s is string => Boolean(s))
        .slice(0, 5);
      out.push({
        id: a.id,
        category,
        title: a.title,
        score: a.score,
        weight: ref.weight,
        ...(a.displayValue ? { display_value: a.displayValue } : {}),
        ...(items.length ? { items } : {}),
      });
    }
  }
  return out;
}

/** The first element snippet anywhere in an audit's details. */
const firstNode = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { type?: string; snippet?: string; selector?: string };
  if (v.type === 'node' && v.snippet) return `${v.selector ?? ''} ${v.snippet}`.trim().slice(0, 200);
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return undefined;
};

const errorsOf = (lhr: Lhr): string[] => [
  ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
  ...Object.values(lhr.audits)
    .filter((a) => a.scoreDisplayMode === 'error' && a.errorMessage)
    .map((a) => `${a.id}: ${a.errorMessage}`)
    .slice(0, 5),
];

const metrics = (lhr: Lhr): LighthousePage['metrics'] => ({
  fcp_ms: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
  lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
  tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
  cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  si_ms: Math.round(lhr.audits['speed-index']?.numericValue ?? 0),
});

const score = (lhr: Lhr, c: string) => (lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100));
const scores = (lhr: Lhr): Scores => ({
  performance: score(lhr, 'performance'),
  accessibility: score(lhr, 'accessibility'),
  best_practices: score(lhr, 'best-practices'),
  seo: score(lhr, 'seo'),
});
const scoreLine = (s: Scores) => `${s.performance}/${s.accessibility}/${s.best_practices}/${s.seo}`;

export async function runLighthouse(base: string, routes: string[], { comparePopups = true } = {}): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: LighthousePage[] = [];
  try {
    const run = async (url: string, blocked: string[] = []) => {
      const r = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        blockedUrlPatterns: blocked,
      });
      if (!r) throw new Error(`lighthouse gave no result for ${url}`);
      return r.lhr as unknown as Lhr;
    };
    for (const route of routes) {
      const url = new URL(route, base).href;
      const lhr = await run(url);
      const lcp =
        firstNode(lhr.audits['largest-contentful-paint-element']?.details) ?? firstNode(lhr.audits['lcp-breakdown-insight']?.details);
      const errors = errorsOf(lhr);
      const page: LighthousePage = {
        route,
        ...scores(lhr),
        metrics: metrics(lhr),
        ...(lcp ? { lcp_element: lcp } : {}),
        ...(errors.length ? { errors } : {}),
        failing: failing(lhr),
      };
      if (comparePopups) {
        const bare = await run(url, POPUP_CALLS);
        page.without_popups = { ...scores(bare), metrics: metrics(bare) };
      }
      console.log(
        `lighthouse ${route}: performance/accessibility/best practices/SEO ${scoreLine(page)}${page.without_popups ? ` (without ad and booking dialog: ${scoreLine(page.without_popups)})` : ''}`,
      );
      results.push(page);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...routes] = process.argv.slice(2);
  if (!base) throw new Error('usage: tsx bench/lighthouse.ts <base url> <route>...');
  // the machine is shared: its load average before and after goes with the scores
  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  const pages = await runLighthouse(base, routes.length ? routes : ['/']);
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      load_avg_before: loadBefore,
      load_avg_after: os.loadavg().map((l) => Number(l.toFixed(2))),
    },
    config: 'mobile (default: simulated slow 4G, 4x CPU), first visit with fresh storage; system Chromium headless',
    pages,
  };
  console.log(JSON.stringify(result, null, 2));
}
