/**
 * Writes the app icons of public/manifest.webmanifest from the favicon (run once, commit the PNGs):
 * any-purpose icons are the favicon as drawn; the maskable one puts the mark inside the central
 * 80 % safe zone on a full brand-coloured square, so a launcher's circle or squircle never cuts it.
 */
import fs from 'node:fs';
import sharp from 'sharp';

const favicon = fs.readFileSync('public/favicon.svg', 'utf8').trim();
const BRAND = '#0b4f8a';
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(12.8 12.8) scale(0.6)">${inner}</g></svg>`;

const write = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(`public/icons/${name}`);

await write(favicon, 192, 'icon-192.png');
await write(favicon, 512, 'icon-512.png');
await write(maskable, 512, 'maskable-512.png');
