import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulePreloads } from '../../server/site/module-preloads.ts';

let build: string;
let withPreloads: (html: string) => string;

/** a build's `_astro` files, minified as Vite writes them */
const FILES: Record<string, string> = {
  'chrome.A1.js': 'import{h as e}from"./site.B2.js";import"./marks.C3.js";export const Chrome=()=>e("div");',
  'site.B2.js': 'import{x}from"./preact.D4.js";export const h=x;',
  'preact.D4.js': 'export const x=1;',
  'marks.C3.js': 'console.log(1);',
  'client.E5.js': 'import{x}from"./preact.D4.js";export default x;',
  'Guidance.F6.js': 'import"./guidance-only.G7.js";export const G=1;',
  'guidance-only.G7.js': 'export const y=2;',
  'Lazy.H8.js': 'const m=()=>import("./dialog.I9.js");import{h}from"./site.B2.js";export const L=h;',
  'dialog.I9.js': 'export const d=3;',
};

const island = (file: string, client: string) =>
  `<astro-island uid="1" component-url="/_astro/${file}" component-export="default" renderer-url="/_astro/client.E5.js" props="{}" ssr client="${client}" opts="{}"></astro-island>`;
const page = (body: string, head = '') => `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

beforeAll(async () => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), 'preloads-'));
  fs.mkdirSync(path.join(build, '_astro'));
  for (const [name, code] of Object.entries(FILES)) fs.writeFileSync(path.join(build, '_astro', name), code);
  withPreloads = await modulePreloads(build);
});
afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

describe('module preloads (server/site/module-preloads.ts)', () => {
  it("lists in <head> every module a client:load island's files import, to the end of the chain, but not the files the page names", () => {
    const html = withPreloads(page(island('chrome.A1.js', 'load')));
    expect(preloads(html)).toEqual(['/_astro/marks.C3.js', '/_astro/preact.D4.js', '/_astro/site.B2.js']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves out what only a later island imports (client:visible, client:idle) and what a script imports only when asked (import())', () => {
    expect(preloads(withPreloads(page(island('Guidance.F6.js', 'visible') + island('Guidance.F6.js', 'idle'))))).toEqual([]);
    expect(preloads(withPreloads(page(island('Lazy.H8.js', 'load'))))).toEqual(['/_astro/preact.D4.js', '/_astro/site.B2.js']);
  });

  it("follows a page's module scripts as well", () => {
    expect(preloads(withPreloads(page('<script type="module" src="/_astro/client.E5.js"></script>')))).toEqual(['/_astro/preact.D4.js']);
  });

  it('adds nothing twice: a page already carrying its preloads comes out the same', () => {
    const once = withPreloads(page(island('chrome.A1.js', 'load')));
    expect(withPreloads(once)).toBe(once);
  });

  it('leaves a page without scripts, or naming files this build does not have, as it was', () => {
    const plain = page('<p>Hello</p>');
    expect(withPreloads(plain)).toBe(plain);
    const other = page(island('gone.Z0.js', 'load').replace('/_astro/client.E5.js', '/_astro/gone-client.Z1.js'));
    expect(withPreloads(other)).toBe(other);
  });
});
