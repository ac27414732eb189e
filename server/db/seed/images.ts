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
  ad: { desktop: string; mobile: string };
}

/** The pixels, rendered once per process, since tests seed many databases. */
let rendered: Promise<{ desktop: Buffer; mobile: Buffer }> | null = null;

export async function createImagePool(storage: Storage): Promise<ImagePool> {
  rendered ??= (async () => ({
    desktop: await webp(gradientSvg(960, 540, GRADIENT, 'Study Abroad Expo 2027', 'Free entry · Meet 60+ universities · Kathmandu')),
    mobile: await webp(gradientSvg(320, 400, GRADIENT, 'Study Abroad Expo', 'Free entry · Kathmandu')),
  }))();
  const { desktop, mobile } = await rendered;
  const store = (data: Buffer) => storage.put(data, 'webp', 'image/webp');
  const [desktopUrl, mobileUrl] = await Promise.all([store(desktop), store(mobile)]);
  return { ad: { desktop: desktopUrl, mobile: mobileUrl } };
}
