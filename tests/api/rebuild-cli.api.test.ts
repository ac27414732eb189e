import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, type TestApp } from './helpers.ts';
import { bumpContentVersion } from '../../server/content-version.ts';
import { PROJECT_ROOT, swapCurrent } from '../../server/site/rebuild.ts';
import { writeVersion } from '../../server/site/site-dir.ts';

const run = promisify(execFile);

// `npm run rebuild` beside a running server rebuilt every time and printed a timestamp as the version.
describe.each(engines)('npm run rebuild against a running API on %s', (engine) => {
  let t: TestApp;
  let apiUrl: string;
  let siteDir: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    apiUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rebuild-cli-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  const version = async () => (await t.app.inject({ url: '/api/site/version/' })).json<{ content_version: number; live_version: null }>();

  it('answers the content version, moving with every write', async () => {
    const before = await version();
    expect(before.live_version).toBeNull();
    await bumpContentVersion(t.database.db, ['news']);
    expect((await version()).content_version).toBe(before.content_version + 1);
  });

  it('does nothing when the served build is of the current content version, and says which it is', { timeout: 60_000 }, async () => {
    const { content_version } = await version();
    const build = path.join(siteDir, 'builds', 'served');
    fs.mkdirSync(build, { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>home</title>');
    writeVersion(build, content_version);
    swapCurrent(siteDir, build);
    fs.writeFileSync(path.join(siteDir, '.last-build-start'), String(Date.now()));

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/site/build-cli.ts', '--if-changed'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, API_URL: apiUrl, SITE_DIR: siteDir, DATA_DIR: siteDir },
    });
    expect(stdout).toMatch(new RegExp(`\\[site\\] unchanged \\(content version ${content_version}\\) in `));
    expect(fs.readdirSync(path.join(siteDir, 'builds'))).toEqual(['served']);
  });
});
