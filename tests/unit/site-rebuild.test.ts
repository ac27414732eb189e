import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRebuildRunner, currentVersion, linkTree, sourceFingerprint, swapCurrent } from '../../server/site/rebuild.ts';
import { astroCacheFor } from '../../server/site/site-dir.ts';
import { removeTree, TREE_BATCH } from '../../server/site/swap.ts';

let siteDir: string;
let version: number;
let clock: number;
const builds: string[] = [];
const fakeBuild = vi.fn(async (outDir: string) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `<h1>v${version}</h1>`);
  builds.push(outDir);
});
const runner = (extra: Partial<Parameters<typeof createRebuildRunner>[0]> = {}) =>
  createRebuildRunner({
    apiUrl: 'http://api.test/api',
    siteDir,
    readVersion: async () => version,
    log: () => {},
    build: fakeBuild,
    now: () => clock,
    ...extra,
  });
const served = () => fs.readFileSync(path.join(siteDir, 'current', 'index.html'), 'utf8');

beforeEach(() => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-runner-'));
  version = 1;
  clock = 1_000_000;
  builds.length = 0;
  fakeBuild.mockClear();
});
afterEach(() => fs.rmSync(siteDir, { recursive: true, force: true }));

describe('rebuild runner (issue 4, "Fresh content")', () => {
  it('builds into a new folder and points `current` at it, recording the content version', async () => {
    const r = await runner().check();
    expect(r.status).toBe('built');
    expect(fakeBuild).toHaveBeenCalledWith(
      expect.stringContaining(path.join(siteDir, 'builds')),
      'http://api.test/api',
      expect.any(Object),
    );
    expect(fs.lstatSync(path.join(siteDir, 'current')).isSymbolicLink()).toBe(true);
    expect(served()).toBe('<h1>v1</h1>');
    expect(currentVersion(siteDir)).toBe(1);
  });

  it('does nothing while the content version is unchanged', async () => {
    const site = runner();
    await site.check();
    clock += 10 * 60_000;
    expect((await site.check()).status).toBe('unchanged');
    expect(fakeBuild).toHaveBeenCalledTimes(1);
  });

  it('rebuilds as soon as the version moves, however recent the last build', async () => {
    const site = runner();
    await site.check();
    version = 2;
    clock += 1;
    expect((await site.check()).status).toBe('built');
    expect(served()).toBe('<h1>v2</h1>');
  });

  it('rebuilds a day after the last build even without a content change (dates move)', async () => {
    const site = runner();
    await site.check();
    clock += 86_400_000 - 1;
    expect((await site.check()).status).toBe('unchanged');
    clock += 1;
    expect((await site.check()).status).toBe('built');
    expect(fakeBuild).toHaveBeenCalledTimes(2);
  });

  it('a write while idle starts a build once the burst is gathered', async () => {
    const site = runner({ debounceMs: 20 });
    await site.check();
    version = 2;
    site.notify();
    site.notify();
    expect(site.status()).toMatchObject({ live_version: 1, building: false, pending: true });
    await vi.waitFor(() => expect(served()).toBe('<h1>v2</h1>'));
    expect(fakeBuild).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(site.status()).toMatchObject({ live_version: 2, building: false, pending: false }));
    await site.stop();
  });

  it('coalesces a burst of writes during a build into exactly one more build, right after it', async () => {
    const site = runner({ debounceMs: 5 });
    let release!: () => void;
    fakeBuild.mockImplementationOnce(async (outDir: string) => {
      await new Promise<void>((r) => (release = r));
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, 'index.html'), '<h1>v1</h1>');
    });
    const first = site.check();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(site.status()).toMatchObject({ building: true });
    for (let v = 2; v <= 6; v++) {
      version = v;
      site.notify();
    }
    expect(site.status()).toMatchObject({ building: true, pending: true });
    release();
    await first;
    await vi.waitFor(() => expect(served()).toBe('<h1>v6</h1>'));
    expect(fakeBuild).toHaveBeenCalledTimes(2);
    await site.stop();
  });

  it('replaces a placeholder `current` on the first run', async () => {
    fs.mkdirSync(path.join(siteDir, 'placeholder'));
    fs.writeFileSync(path.join(siteDir, 'placeholder', 'index.html'), 'building');
    fs.symlinkSync('placeholder', path.join(siteDir, 'current'));
    expect((await runner().check()).status).toBe('built');
    expect(served()).toBe('<h1>v1</h1>');
  });

  it('keeps serving the previous build when a build fails, and removes the broken folder', async () => {
    const site = runner();
    await site.check();
    version = 2;
    clock += 60_000;
    fakeBuild.mockImplementationOnce(async (outDir: string) => {
      fs.mkdirSync(outDir, { recursive: true });
      throw new Error('API down');
    });
    const r = await site.check();
    expect(r).toMatchObject({ status: 'failed', error: 'API down' });
    expect(served()).toBe('<h1>v1</h1>');
    expect(fs.readdirSync(path.join(siteDir, 'builds'))).toHaveLength(1);
  });

  it('runs one build at a time', async () => {
    let release!: () => void;
    fakeBuild.mockImplementationOnce(async (outDir: string) => {
      await new Promise<void>((r) => (release = r));
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, 'index.html'), 'x');
    });
    const site = runner();
    const first = site.check();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect((await site.check(true)).status).toBe('busy');
    release();
    expect((await first).status).toBe('built');
    // the refused check asked for one more build after this one: stopped, it never reaches a later test
    await site.stop();
  });

  it('prunes old builds but keeps the current one and one before it', async () => {
    const site = runner();
    for (let v = 1; v <= 4; v++) {
      version = v;
      clock += 60_000;
      await site.check();
    }
    const left = fs.readdirSync(path.join(siteDir, 'builds'));
    expect(left).toHaveLength(2);
    expect(currentVersion(siteDir)).toBe(4);
    // the pruned ones are deleted in the background; stop() waits for that
    await site.stop();
    expect(fs.readdirSync(siteDir).filter((f) => f.startsWith('.old-'))).toEqual([]);
  });

  it('swaps by renaming a new symlink over `current`, so it always exists', () => {
    const a = path.join(siteDir, 'builds', 'a');
    const b = path.join(siteDir, 'builds', 'b');
    fs.mkdirSync(a, { recursive: true });
    fs.mkdirSync(b, { recursive: true });
    swapCurrent(siteDir, a);
    const rename = vi.spyOn(fs, 'renameSync');
    swapCurrent(siteDir, b);
    expect(rename).toHaveBeenCalledWith(expect.stringContaining('.current-'), path.join(siteDir, 'current'));
    rename.mockRestore();
    expect(fs.readlinkSync(path.join(siteDir, 'current'))).toBe(path.join('builds', 'b'));
    expect(fs.readdirSync(siteDir).filter((f) => f.startsWith('.current-'))).toEqual([]);
  });

  it('leaves the site to another live process that is building it, and takes over a lock left by a dead one', async () => {
    fs.writeFileSync(path.join(siteDir, '.build.lock'), String(process.ppid));
    expect((await runner().check()).status).toBe('busy');
    expect(fakeBuild).not.toHaveBeenCalled();
    fs.writeFileSync(path.join(siteDir, '.build.lock'), '4194303');
    expect((await runner().check()).status).toBe('built');
    expect(fs.existsSync(path.join(siteDir, '.build.lock'))).toBe(false);
  });

  it('builds in full with a custom build, never data-only', async () => {
    const site = runner();
    expect(await site.check()).toMatchObject({ status: 'built', mode: 'full' });
    version = 2;
    clock += 60_000;
    expect(await site.check()).toMatchObject({ status: 'built', mode: 'full' });
    expect(fakeBuild).toHaveBeenLastCalledWith(expect.any(String), 'http://api.test/api', {
      ASTRO_CACHE_DIR: path.join(siteDir, '.astro-cache', 'unversioned'),
    });
  });

  it("keeps Astro's incremental cache per code fingerprint: a build of other code starts from an empty one", () => {
    const first = astroCacheFor(siteDir, 'a'.repeat(64));
    fs.mkdirSync(first, { recursive: true });
    fs.writeFileSync(path.join(first, 'page.html'), 'built by code a');
    expect(astroCacheFor(siteDir, 'a'.repeat(64))).toBe(first);
    expect(fs.existsSync(path.join(first, 'page.html'))).toBe(true);
    const next = astroCacheFor(siteDir, 'b'.repeat(64));
    expect(next).not.toBe(first);
    expect(fs.existsSync(first)).toBe(false);
    expect(fs.readdirSync(path.join(siteDir, '.astro-cache'))).toEqual([]);
  });

  it('links a build into a new folder whose files can be replaced without touching the original', async () => {
    const from = path.join(siteDir, 'from');
    fs.mkdirSync(path.join(from, 'a', 'b'), { recursive: true });
    fs.writeFileSync(path.join(from, 'index.html'), 'old home');
    fs.writeFileSync(path.join(from, 'a', 'b', 'index.html'), 'old page');
    const to = path.join(siteDir, 'to');
    await linkTree(from, to);
    expect(fs.readFileSync(path.join(to, 'a', 'b', 'index.html'), 'utf8')).toBe('old page');
    expect(fs.statSync(path.join(to, 'index.html')).ino).toBe(fs.statSync(path.join(from, 'index.html')).ino);
    fs.writeFileSync(path.join(to, 'index.tmp'), 'new home');
    fs.renameSync(path.join(to, 'index.tmp'), path.join(to, 'index.html'));
    fs.rmSync(path.join(to, 'a', 'b', 'index.html'));
    expect(fs.readFileSync(path.join(from, 'index.html'), 'utf8')).toBe('old home');
    expect(fs.readFileSync(path.join(from, 'a', 'b', 'index.html'), 'utf8')).toBe('old page');
  });

  it('links and deletes a tree a few files at a time: the served files are read on the same threads (issue 25)', async () => {
    const from = path.join(siteDir, 'from');
    fs.mkdirSync(path.join(from, 'a'), { recursive: true });
    for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(from, i % 2 ? 'a' : '', `${i}.html`), `page ${i}`);
    fs.symlinkSync('0.html', path.join(from, 'latest.html'));
    let inFlight = 0;
    let most = 0;
    const counted =
      <A extends unknown[]>(op: (...args: A) => Promise<void>) =>
      async (...args: A) => {
        most = Math.max(most, ++inFlight);
        try {
          await op(...args);
        } finally {
          inFlight--;
        }
      };
    const [realLink, realUnlink] = [fsp.link.bind(fsp), fsp.unlink.bind(fsp)];
    const link = vi.spyOn(fsp, 'link').mockImplementation(counted(realLink));
    const unlink = vi.spyOn(fsp, 'unlink').mockImplementation(counted(realUnlink));
    try {
      const to = path.join(siteDir, 'to');
      await linkTree(from, to);
      expect(fs.readdirSync(path.join(to, 'a'))).toHaveLength(20);
      expect(fs.readlinkSync(path.join(to, 'latest.html'))).toBe('0.html');
      await removeTree(to);
      expect(fs.existsSync(to)).toBe(false);
      await removeTree(to); // gone already: no error
      expect(link).toHaveBeenCalledTimes(40);
      expect(unlink).toHaveBeenCalledTimes(41);
      expect(most).toBeLessThanOrEqual(TREE_BATCH);
    } finally {
      link.mockRestore();
      unlink.mockRestore();
    }
  });

  it('fingerprints the code the pages are compiled from, and SITE_URL', () => {
    expect(sourceFingerprint('http://a.test')).toBe(sourceFingerprint('http://a.test'));
    expect(sourceFingerprint('http://a.test')).not.toBe(sourceFingerprint('http://b.test'));
  });

  it('reads the code again only when a file’s name, size or mtime moved, and always when one changed in the last seconds', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    const file = path.join(root, 'src', 'page.ts');
    fs.mkdirSync(path.dirname(file));
    const write = (text: string, secondsAgo: number) => {
      fs.writeFileSync(file, text);
      const at = new Date(Date.now() - secondsAgo * 1000);
      fs.utimesSync(file, at, at);
    };
    const reads = vi.spyOn(fs, 'readFileSync');
    try {
      write('export const a = 1;', 60);
      const first = sourceFingerprint('http://a.test', root);
      reads.mockClear();
      expect(sourceFingerprint('http://a.test', root)).toBe(first);
      expect(reads).not.toHaveBeenCalled();
      // the same size, another mtime: read again
      write('export const a = 2;', 30);
      const second = sourceFingerprint('http://a.test', root);
      expect(second).not.toBe(first);
      expect(reads).toHaveBeenCalled();
      // just written: read at every call, as a second write in the same clock tick would keep size and mtime
      write('export const a = 1;', 0);
      expect(sourceFingerprint('http://a.test', root)).toBe(first);
      reads.mockClear();
      expect(sourceFingerprint('http://a.test', root)).toBe(first);
      expect(reads).toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('calls the deploy hook instead of building when REBUILD_HOOK_URL is set', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(`${req.method} ${body}`);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const site = runner({ hookUrl: `http://127.0.0.1:${port}/deploy` });
      expect((await site.check()).status).toBe('hooked');
      expect((await site.check()).status).toBe('unchanged');
      version = 2;
      clock += 60_000;
      expect((await site.check()).status).toBe('hooked');
      expect(bodies).toEqual(['POST {"version":1}', 'POST {"version":2}']);
      expect(fakeBuild).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });
});
