import { entities } from '../../lib/contract/index.ts';
import { hrefOf, rows, summaryOf, titleOf, type Categorized } from './content.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** RSS 2.0 for blog or news: the latest 50 posts. */
export async function rssFeed(kind: Categorized, site: URL | undefined): Promise<Response> {
  const decl = entities[kind];
  const posts = [...(await rows(kind))].sort((a, b) => String(b.published_at).localeCompare(String(a.published_at))).slice(0, 50);
  const abs = (p: string) => new URL(p, site).href;
  const items = posts
    .map((p) => {
      const link = abs(hrefOf(decl, p));
      const date = new Date(String(p.published_at));
      return `<item><title>${esc(titleOf(decl, p))}</title><link>${esc(link)}</link><guid isPermaLink="true">${esc(link)}</guid>${Number.isNaN(date.getTime()) ? '' : `<pubDate>${date.toUTCString()}</pubDate>`}<description>${esc(summaryOf(decl, p, 300))}</description></item>`;
    })
    .join('\n');
  const title = `StudyAbroad Nepal ${kind}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${title}</title><link>${abs(`/${kind}/`)}</link><atom:link href="${abs(`/${kind}/rss.xml`)}" rel="self" type="application/rss+xml"/><description>${title}: study-abroad guidance for students in Nepal</description><language>en</language>\n${items}\n</channel></rss>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
