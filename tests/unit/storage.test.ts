import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createPrivateStorage, localStorage, s3Storage } from '../../server/storage/index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('local storage', () => {
  it('keeps personal files to the owner (0600 in 0700 folders), even in a folder made open before', async () => {
    const dir = tempDir();
    const root = path.join(dir, 'private');
    fs.mkdirSync(root, { mode: 0o755 });
    fs.chmodSync(root, 0o755);
    const key = await localStorage(root).put(pdf, 'pdf', 'application/pdf');
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(path.join(root, key))).toBe(0o600);
    expect(mode(path.dirname(path.join(root, key)))).toBe(0o700);
    expect(mode(root)).toBe(0o700);
    // public files stay readable by the web server
    const publicKey = (await localStorage(path.join(dir, 'uploads'), '/media').put(pdf, 'pdf', 'application/pdf')).replace('/media/', '');
    expect(mode(path.join(dir, 'uploads', publicKey)) & 0o044).toBe(0o044);
  });

  it('answers public URLs from a public store and bare keys from a private one', async () => {
    const dir = tempDir();
    const url = await localStorage(path.join(dir, 'uploads'), '/media').put(pdf, 'pdf', 'application/pdf');
    expect(url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
    const store = localStorage(path.join(dir, 'private'));
    const key = await store.put(pdf, 'pdf', 'application/pdf');
    expect(key).toBe(url.replace('/media/', ''));
    expect(fs.existsSync(path.join(dir, 'private', key))).toBe(true);
    expect((await store.read(key))?.equals(pdf)).toBe(true);
    await store.remove(key);
    expect(await store.read(key)).toBeNull();
  });

  it('reads and removes only names it made, never another path', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    const store = localStorage(path.join(dir, 'private'));
    for (const ref of ['../secret.txt', '/etc/passwd', `ab/../../secret.txt`, '/media/ab/0123.pdf', '']) {
      expect(await store.read(ref)).toBeNull();
      await store.remove(ref);
    }
    expect(fs.existsSync(path.join(dir, 'secret.txt'))).toBe(true);
  });

  it('refuses a private folder inside the public uploads folder, which /media serves', () => {
    const dir = tempDir();
    expect(() => createPrivateStorage(loadConfig({ DATA_DIR: dir, UPLOADS_DIR: dir }))).toThrow(/must not be inside UPLOADS_DIR/);
    expect(() => createPrivateStorage(loadConfig({ DATA_DIR: dir, PRIVATE_UPLOADS_DIR: path.join(dir, 'uploads', 'private') }))).toThrow(
      /must not be inside UPLOADS_DIR/,
    );
    expect(() => createPrivateStorage(loadConfig({ DATA_DIR: dir }))).not.toThrow();
  });
});

describe('S3 storage', () => {
  it('stores a public PDF so that the bucket or CDN serves it as a download, an image as is', async () => {
    // an S3 endpoint that records what our client sends (the real SDK, over HTTP)
    const puts: { url: string; headers: http.IncomingHttpHeaders }[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        puts.push({ url: req.url ?? '', headers: req.headers });
        res.writeHead(200, { etag: '"x"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const store = await s3Storage(
        {
          bucket: 'media',
          privateBucket: 'media',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: 'k',
          secretAccessKey: 's',
        },
        'https://cdn.example.com',
      );
      await store.put(pdf, 'pdf', 'application/pdf');
      await store.put(Buffer.from('RIFF0000WEBP'), 'webp', 'image/webp');
      expect(puts.map((p) => [p.headers['content-type'], p.headers['content-disposition']])).toEqual([
        ['application/pdf', 'attachment'],
        ['image/webp', undefined],
      ]);
    } finally {
      server.close();
    }
  });
});
