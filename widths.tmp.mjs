import { chromium } from 'playwright-core';
import fs from 'node:fs';
const base = 'http://127.0.0.1:4555';
const css = fs.existsSync('/tmp/extra.css') ? fs.readFileSync('/tmp/extra.css','utf8') : '';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(process.env.W||360), height: 740 } });
for (const p of process.argv.slice(2)) {
  await page.goto(base + p, { waitUntil: 'load' });
  if (css) await page.addStyleTag({ content: css });
  const w = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: innerWidth, wide: [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(-3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + ' ' + (e.textContent||'').slice(0,40)) }));
  if (w.sw > w.iw) console.log(p, JSON.stringify(w));
  if (process.env.SHOT) await page.screenshot({ path: '/tmp/shot-' + p.replace(/\W+/g,'_') + '.png', fullPage: true });
}
await browser.close();
