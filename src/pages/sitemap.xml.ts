import type { APIRoute } from 'astro';
import { declarationOf } from '../lib/contract/index.ts';
import { HOW_WE_VERIFY } from '../lib/site/trust.ts';
import { articleCategories, CATEGORIZED, hrefOf, PAGE_SIZE, rows, SITE_ENTITIES, type Categorized } from './_lib/content.ts';
import { extrasOf } from './_lib/extras.ts';
import { categoryOf, FORUM_PAGE_SIZE, forumData } from './_lib/forum.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Every pre-rendered public page, with lastmod from updated_at. */
export const GET: APIRoute = async ({ site }) => {
  const urls: { loc: string; lastmod?: string }[] = [
    { loc: '/' },
    { loc: '/forum/' },
    { loc: '/track/' },
    { loc: '/review/' },
    { loc: '/complaint/' },
    { loc: HOW_WE_VERIFY },
  ];
  for (const name of SITE_ENTITIES) {
    const decl = declarationOf(name);
    const all = await rows(name);
    urls.push({ loc: `/${decl.sitePath}/` });
    for (let p = 2; p <= Math.ceil(all.length / PAGE_SIZE); p++) urls.push({ loc: `/${decl.sitePath}/page/${p}/` });
    for (const row of all)
      urls.push({ loc: hrefOf(decl, row), lastmod: typeof row.updated_at === 'string' ? row.updated_at.slice(0, 10) : undefined });
    for (const page of extrasOf(name).rowPages ?? []) for (const row of all) urls.push({ loc: `${hrefOf(decl, row)}${page}` });
  }
  for (const kind of Object.keys(CATEGORIZED) as Categorized[]) {
    const all = await rows(kind);
    for (const c of await articleCategories(kind)) {
      urls.push({ loc: `/${kind}/category/${c.slug}/` });
      const pages = Math.ceil(all.filter((r) => r.category_id === c.id).length / PAGE_SIZE);
      for (let p = 2; p <= pages; p++) urls.push({ loc: `/${kind}/category/${c.slug}/page/${p}/` });
    }
  }
  const forum = await forumData();
  const forumPages = (base: string, n: number) => {
    for (let p = 2; p <= Math.ceil(n / FORUM_PAGE_SIZE); p++) urls.push({ loc: `${base}page/${p}/` });
  };
  forumPages('/forum/', forum.questions.length);
  for (const c of forum.categories) {
    urls.push({ loc: `/forum/category/${c.slug}/` });
    forumPages(`/forum/category/${c.slug}/`, forum.questions.filter((q) => categoryOf(q)?.id === c.id).length);
  }
  for (const q of forum.questions) {
    const changed = [q, ...(forum.replies.get(q.id) ?? [])]
      .map((x) => x.updated_at ?? x.created_at)
      .sort()
      .at(-1)!;
    urls.push({ loc: `/forum/${q.id}/`, lastmod: changed.slice(0, 10) });
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${esc(new URL(u.loc, site).href)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
