import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Where uploaded and generated files live. `put` answers what a row keeps: a public store's URL, or
 * a private store's bare key (its files are served only through authenticated API routes).
 */
export interface Storage {
  put(data: Buffer, extension: string, contentType: string): Promise<string>;
  /** The bytes of a file by what `put` gave; null when there is no such file. */
  read(ref: string): Promise<Buffer | null>;
  /** Removes a file by what `put` gave; unknown references are ignored. */
  remove(ref: string): Promise<void>;
  /** Every stored file: its reference (what `put` gave) and when it was written. */
  list(): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  ref: string;
  modified: Date;
}

/** Content-hash names: the same bytes are stored once and can be cached forever. */
export const contentKey = (data: Buffer, extension: string) => {
  const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
  return `${hash.slice(0, 2)}/${hash}.${extension}`;
};

export const CONTENT_KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}\.[a-z0-9]+$/;

/** References of a store: `<baseUrl>/<key>` when public, the key itself when private (no baseUrl). */
function references(baseUrl: string | undefined) {
  return {
    of: (key: string) => (baseUrl === undefined ? key : `${baseUrl}/${key}`),
    // Only a name `put` can have made is a key, so no other path (../, another site's URL) reaches the disk or the bucket.
    key: (ref: string) => {
      const key = baseUrl === undefined ? ref : ref.startsWith(`${baseUrl}/`) ? ref.slice(baseUrl.length + 1) : '';
      return CONTENT_KEY.test(key) ? key : null;
    },
  };
}

/**
 * A folder on disk; without `baseUrl` its references are keys and nothing serves the folder, and
 * its files are the owner's alone (0600 in 0700 folders): applicants' documents, complaint evidence.
 */
export function localStorage(dir: string, baseUrl?: string): Storage {
  const refs = references(baseUrl);
  const personal = baseUrl === undefined;
  let guarded: Promise<void> | undefined;
  // a folder made before this rule (or by hand) is closed once, before the first file goes in
  const guardRoot = () => (guarded ??= fs.mkdir(dir, { recursive: true, mode: 0o700 }).then(() => fs.chmod(dir, 0o700)));
  return {
    async put(data, extension) {
      const key = contentKey(data, extension);
      const file = path.join(dir, key);
      if (personal) await guardRoot();
      await fs.mkdir(path.dirname(file), { recursive: true, ...(personal ? { mode: 0o700 } : {}) });
      await fs.writeFile(file, data, personal ? { mode: 0o600 } : {});
      return refs.of(key);
    },
    async read(ref) {
      const key = refs.key(ref);
      if (!key) return null;
      return fs.readFile(path.join(dir, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async remove(ref) {
      const key = refs.key(ref);
      if (key) await fs.rm(path.join(dir, key), { force: true });
    },
    async *list() {
      // put() makes only <2 hex>/<name>: anything else in the folder is not ours to list
      const shards = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const shard of shards.filter((d) => d.isDirectory())) {
        for (const name of await fs.readdir(path.join(dir, shard.name))) {
          const key = `${shard.name}/${name}`;
          if (!CONTENT_KEY.test(key)) continue;
          const stat = await fs.stat(path.join(dir, key)).catch(() => null);
          if (stat?.isFile()) yield { ref: refs.of(key), modified: stat.mtime };
        }
      }
    },
  };
}

/** A bucket; without `baseUrl` a private store: keys under private/ of the private bucket, never cached by a CDN. */
export async function s3Storage(s3: NonNullable<Config['s3']>, baseUrl?: string): Promise<Storage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
  });
  const isPublic = baseUrl !== undefined;
  const bucket = isPublic ? s3.bucket : s3.privateBucket;
  const prefix = isPublic ? '' : 'private/';
  const refs = references(baseUrl);
  return {
    async put(data, extension, contentType) {
      const key = contentKey(data, extension);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          Body: data,
          ContentType: contentType,
          CacheControl: isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
          ...(extension === 'pdf' ? { ContentDisposition: 'attachment' } : {}),
        }),
      );
      return refs.of(key);
    },
    async read(ref) {
      const key = refs.key(ref);
      if (!key) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(ref) {
      const key = refs.key(ref);
      if (key) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          // a public bucket may hold the private prefix too: those are not this store's files
          if (CONTENT_KEY.test(key) && object.LastModified) yield { ref: refs.of(key), modified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

export const createStorage = (config: Config): Promise<Storage> | Storage =>
  config.s3 ? s3Storage(config.s3, config.mediaBaseUrl) : localStorage(config.uploadsDir, config.mediaBaseUrl);

/** The store of personal files (application documents, complaint evidence). */
export function createPrivateStorage(config: Config): Promise<Storage> | Storage {
  if (config.s3) return s3Storage(config.s3);
  // Everything in the uploads folder is served under /media, so a private folder inside it would not be private.
  const relative = path.relative(config.uploadsDir, config.privateUploadsDir);
  if (relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative))) {
    throw new Error(
      `PRIVATE_UPLOADS_DIR (${config.privateUploadsDir}) must not be inside UPLOADS_DIR (${config.uploadsDir}), which is served publicly under /media.`,
    );
  }
  return localStorage(config.privateUploadsDir);
}
