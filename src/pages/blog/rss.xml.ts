import type { APIRoute } from 'astro';
import { rssFeed } from '../_lib/rss.ts';

export const GET: APIRoute = ({ site }) => rssFeed('blog', site);
