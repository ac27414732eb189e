import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { mime, isUtf8MimeType } from '@fastify/send';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One file of a build, as it is sent: its bytes, and brotli and gzip copies when they are smaller. */
export interface SiteFile {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** strong, from the bytes: the same on every instance serving the build */
  etag: string;
  type: string;
  lastModified: string;
  mtimeMs: number;
  /** the file's identity on disk: a data-only rebuild hard-links unchanged files, so the next build's copy is the same inode */
  inode: string;
}

/** Text worth compressing (images and fonts are compressed already); smaller files are not worth a Content-Encoding. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|rss\+xml|xhtml\+xml)|image\/svg\+xml)/;
const COMPRESS_FROM_BYTES = 1024;
/** the bookkeeping of a kept file besides its bytes and path, in bytes (roughly) */
const ENTRY_OVERHEAD = 300;

const contentType = (file: string) => {
  const type = mime.getType(file) || 'application/octet-stream';
  return isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
};
const inodeOf = (stat: fs.BigIntStats) => `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
const sizeOf = (file: SiteFile) => file.body.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0) + ENTRY_OVERHEAD;

/**
 * Brotli's best quality takes 80 to 130 ms for a 50 to 75 KB page here, 10 to 30 times quality 5,
 * for 8 to 10% fewer bytes. A page a rebuild changed is asked for at once by many: it is sent at
 * quality 5 first, and its best copy is made afterwards, one file at a time, for the requests after.
 */
const FIRST_BROTLI_QUALITY = 5;
const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
const compressible = (type: string, body: Buffer) => COMPRESSIBLE.test(type) && body.length >= COMPRESS_FROM_BYTES;
const smallerThan = (body: Buffer, copy: Buffer) => (copy.length < body.length ? copy : null);

/** Reads a file and compresses it (on libuv's threads, not the event loop). */
async function readSiteFile(file: string, stat: fs.BigIntStats): Promise<SiteFile> {
  const body = await fs.promises.readFile(file);
  const type = contentType(file);
  const [br, gz] = compressible(type, body)
    ? await Promise.all([brotliAt(body, FIRST_BROTLI_QUALITY), gzip(body, { level: 9 })])
    : [null, null];
  return {
    body,
    br: br && smallerThan(body, br),
    gzip: gz && smallerThan(body, gz),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    type,
    lastModified: new Date(Number(stat.mtimeMs)).toUTCString(),
    mtimeMs: Number(stat.mtimeMs),
    inode: inodeOf(stat),
  };
}

/**
 * The built site's files in memory, bounded in bytes (least recently used out first), each with
 * its brotli and gzip copies made once when first asked for. Every lookup reads where `current`
 * points (one readlink) and answers that build's file, so a request sees the old build or the new
 * one, never a mix, and a swap by another instance sharing SITE_DIR is seen at once. A file a
 * data-only rebuild left unchanged is the same inode in the new build: kept, not read again.
 */
export class SiteMemory {
  private readonly files: LRUCache<string, { build: string; file: SiteFile }> | null;
  private readonly loading = new Map<string, Promise<SiteFile>>();
  private readonly siteDir: string;
  private readonly maxBytes: number;

  constructor(siteDir: string, maxBytes: number) {
    this.siteDir = siteDir;
    this.maxBytes = maxBytes;
    this.files =
      maxBytes > 0
        ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (kept, key) => sizeOf(kept.file) + key.length + kept.build.length })
        : null;
  }

  /** bytes kept now (the files, their compressed copies and bookkeeping) */
  get keptBytes(): number {
    return this.files?.calculatedSize ?? 0;
  }

  /** The build `current` points at, as a folder (sync: one readlink of a cached entry, cheaper than a trip through libuv's threads). */
  build(): string {
    return path.resolve(this.siteDir, fs.readlinkSync(path.join(this.siteDir, 'current')));
  }

  /**
   * `relative` (a path inside the build, already checked) of the build `current` points at now;
   * null when it is to be streamed: not a plain file, or larger than the bound.
   */
  async lookup(relative: string): Promise<SiteFile | null> {
    const build = this.build();
    const kept = this.files?.get(relative);
    // a build's files never change once it is served (a rebuild writes into a new folder): no stat needed
    if (kept?.build === build) return kept.file;
    const file = path.join(build, relative);
    const stat = await fs.promises.stat(file, { bigint: true }).catch(() => null);
    if (!stat?.isFile() || !this.files || Number(stat.size) > this.maxBytes) return null;
    if (kept?.file.inode === inodeOf(stat)) {
      this.files.set(relative, { build, file: kept.file });
      return kept.file;
    }
    const key = `${file}\u0000${inodeOf(stat)}`;
    let read = this.loading.get(key);
    if (!read) {
      read = readSiteFile(file, stat).finally(() => this.loading.delete(key));
      this.loading.set(key, read);
    }
    const fresh = await read;
    this.files.set(relative, { build, file: fresh });
    if (fresh.br) this.improve(relative, fresh);
    return fresh;
  }

  /** Settles once every best-quality copy asked for so far is made (for tests). */
  improved(): Promise<void> {
    return this.improving;
  }

  private improving: Promise<void> = Promise.resolve();

  /** Makes `file`'s best brotli copy after the ones queued before it, and keeps it if the file is still kept. */
  private improve(relative: string, file: SiteFile) {
    this.improving = this.improving
      .then(async () => {
        if (this.files?.peek(relative)?.file !== file) return;
        const best = smallerThan(file.body, await brotliAt(file.body, zlib.constants.BROTLI_MAX_QUALITY));
        const kept = this.files.peek(relative);
        if (kept?.file !== file || !best || best.length >= (file.br?.length ?? Infinity)) return;
        this.files.set(relative, { build: kept.build, file: { ...file, br: best } });
      })
      .catch(() => {}); // the quality-5 copy stays: nothing a request needs is lost
  }
}
