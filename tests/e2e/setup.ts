/**
 * Global setup of the e2e project (shared by the site and console suites):
 * 1. starts the API on a throwaway PGlite DATA_DIR with the demo seed, serving the site and API
 *    from one port (tests/e2e/setup-server.ts, a child process);
 * 2. builds the site ONCE against it (astro build into SITE_DIR/builds/…, `current` swapped in);
 * 3. launches one Debian Chromium (playwright-core, never a downloaded browser) as a server that
 *    every test file connects to.
 * Tests read `inject('baseUrl')` and `inject('wsEndpoint')`. E2E_KEEP=1 keeps the data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { astroBuild, PROJECT_ROOT, swapCurrent } from '../../server/site/rebuild.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
    dataDir: string;
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function startServer(dataDir: string, siteDir: string): Promise<{ child: ChildProcess; port: number }> {
  const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [tsx, path.join(PROJECT_ROOT, 'tests/e2e/setup-server.ts')], {
    cwd: PROJECT_ROOT,
    // the test runner's API calls say which test address they come from (X-Forwarded-For), so the
    // sign-in limits per address (tested in tests/api) count each test apart, as for real visitors
    env: { ...process.env, DATA_DIR: dataDir, SITE_DIR: siteDir, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'pipe', log],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`e2e server did not start; see ${dataDir}/server.log`)), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      fs.appendFileSync(path.join(dataDir, 'server.log'), chunk);
      const m = out.match(/READY (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`e2e server exited with ${code}; see ${dataDir}/server.log`));
    });
  });
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const siteDir = path.join(dataDir, 'site');
  fs.mkdirSync(siteDir, { recursive: true });
  const { child, port } = await startServer(dataDir, siteDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiReady = Date.now();

  const outDir = path.join(siteDir, 'builds', 'e2e');
  await astroBuild(outDir, `${baseUrl}/api`, { SITE_URL: baseUrl, ASTRO_CACHE_DIR: path.join(siteDir, '.astro-cache') });
  swapCurrent(siteDir, outDir);
  const built = Date.now();

  // the offline tests (site-offline) see the service worker's own requests in context.route, to
  // cut them off: context.setOffline does not reach a service worker (microsoft/playwright#2311)
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const browser: BrowserServer = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  console.log(
    `e2e: API ready in ${((apiReady - started) / 1000).toFixed(1)} s, site built in ${((built - apiReady) / 1000).toFixed(1)} s, Chromium up; ${baseUrl}`,
  );

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);

  return async () => {
    await browser.close().catch(() => {});
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (!process.env.E2E_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
