import sharp from 'sharp';
import type { Storage } from '../../storage/index.ts';

const GRADIENT: [string, string] = ['#e65c00', '#f9d423'];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const webp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();

const gradientSvg = (width: number, height: number, [from, to]: [string, string], title: string, subtitle: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>` +
  `<text x="50%" y="45%" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(width / 16)}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>` +
  `<text x="50%" y="60%" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(width / 30)}" fill="#fff" text-anchor="middle">${escapeXml(subtitle)}</text>` +
  '</svg>';

/**
 * The seed's only pictures: the roadblock ad's, which is an advert, not content. Logos, flags and
 * covers are never made up: a row shows a picture only when one was uploaded for it.
 */
export interface ImagePool {
  /** SPEC's sizes, and the copies at twice them that an upload that large gets (server/uploads.ts) */
  ad: { desktop: string; mobile: string; desktop2x: string; mobile2x: string };
}

type AdPixels = Record<keyof ImagePool['ad'], Buffer>;

/** The pixels, rendered once per process, since tests seed many databases. */
let rendered: Promise<AdPixels> | null = null;

const desktopAd = (scale: number) =>
  webp(gradientSvg(960 * scale, 540 * scale, GRADIENT, 'Study Abroad Expo 2027', 'Free entry · Meet 60+ universities · Kathmandu'));
const mobileAd = (scale: number) => webp(gradientSvg(320 * scale, 400 * scale, GRADIENT, 'Study Abroad Expo', 'Free entry · Kathmandu'));

export async function createImagePool(storage: Storage): Promise<ImagePool> {
  rendered ??= (async () => ({
    desktop: await desktopAd(1),
    mobile: await mobileAd(1),
    desktop2x: await desktopAd(2),
    mobile2x: await mobileAd(2),
  }))();
  const pixels = await rendered;
  const store = async ([name, data]: [string, Buffer]) => [name, await storage.put(data, 'webp', 'image/webp')] as const;
  return { ad: Object.fromEntries(await Promise.all(Object.entries(pixels).map(store))) as ImagePool['ad'] };
}
