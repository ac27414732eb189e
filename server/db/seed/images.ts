import sharp from 'sharp';
import type { Storage } from '../../storage/index.ts';

const PALETTE = ['#1f6f43', '#1d3c78', '#8b1e2d', '#b3261e', '#c2185b', '#3a3a3a', '#0b5563', '#2e4f9e', '#d35400', '#6b4f1d', '#5b2a86', '#00796b', '#c77d0a', '#37474f', '#ad1457', '#283593'];
const GRADIENTS: [string, string][] = [
  ['#0f2027', '#2c5364'], ['#1d976c', '#93f9b9'], ['#614385', '#516395'], ['#e65c00', '#f9d423'],
  ['#1a2980', '#26d0ce'], ['#cb356b', '#bd3f32'], ['#134e5e', '#71b280'], ['#373b44', '#4286f4'],
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const webp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();

/** A coloured rounded square with a few letters: logos, flags and exam icons. */
const monogramSvg = (text: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="${color}"/>` +
  `<text x="128" y="128" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${text.length > 2 ? 84 : 112}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(text)}</text></svg>`;

const gradientSvg = (width: number, height: number, [from, to]: [string, string], title = '', subtitle = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>` +
  (title ? `<text x="50%" y="45%" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(width / 16)}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>` : '') +
  (subtitle ? `<text x="50%" y="60%" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(width / 30)}" fill="#fff" text-anchor="middle">${escapeXml(subtitle)}</text>` : '') +
  '</svg>';

export interface ImagePool {
  /** A logo whose letter is the first letter of `name`. */
  logo(name: string): string;
  /** A flag-like tile with the country code. */
  flag(code: string): string;
  /** One of the cover gradients, chosen by `n`. */
  cover(n: number): string;
  ad: { desktop: string; mobile: string };
}

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** The pixels of the pool; rendered once per process, since tests seed many databases. */
const rendered = new Map<string, Promise<{ letters: Buffer[]; flags: Buffer[]; covers: Buffer[]; desktop: Buffer; mobile: Buffer }>>();

function render(countryCodes: string[]) {
  const key = countryCodes.join();
  if (!rendered.has(key)) {
    rendered.set(
      key,
      (async () => ({
        letters: await Promise.all(LETTERS.map((l, i) => webp(monogramSvg(l, PALETTE[i % PALETTE.length]!)))),
        flags: await Promise.all(countryCodes.map((c, i) => webp(monogramSvg(c, PALETTE[i % PALETTE.length]!)))),
        covers: await Promise.all(GRADIENTS.map((g) => webp(gradientSvg(1200, 500, g)))),
        desktop: await webp(gradientSvg(960, 540, GRADIENTS[3]!, 'Study Abroad Expo 2027', 'Free entry · Meet 60+ universities · Kathmandu')),
        mobile: await webp(gradientSvg(320, 400, GRADIENTS[3]!, 'Study Abroad Expo', 'Free entry · Kathmandu')),
      }))(),
    );
  }
  return rendered.get(key)!;
}

/**
 * A small fixed set of images (letters A-Z, the flags, eight covers, the ad), stored once per
 * seed; hundreds of rows share their URLs, so the seed stays fast.
 */
export async function createImagePool(storage: Storage, countryCodes: string[]): Promise<ImagePool> {
  const images = await render(countryCodes);
  const store = (data: Buffer) => storage.put(data, 'webp', 'image/webp');
  const [letterUrls, flagUrls, coverUrls, desktop, mobile] = await Promise.all([
    Promise.all(images.letters.map(store)),
    Promise.all(images.flags.map(store)),
    Promise.all(images.covers.map(store)),
    store(images.desktop),
    store(images.mobile),
  ]);
  const byLetter = new Map(LETTERS.map((l, i) => [l, letterUrls[i]!]));
  const byCode = new Map(countryCodes.map((c, i) => [c, flagUrls[i]!]));
  return {
    logo: (name) => byLetter.get(name.trim().charAt(0).toUpperCase()) ?? letterUrls[0]!,
    flag: (code) => byCode.get(code)!,
    cover: (n) => coverUrls[Math.abs(n) % coverUrls.length]!,
    ad: { desktop, mobile },
  };
}
