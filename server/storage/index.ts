import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where uploaded and generated files live; `put` answers the public URL. */
export interface Storage {
  put(data: Buffer, extension: string, contentType: string): Promise<string>;
  /** Removes a file by the URL `put` gave; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

/** Content-hash names: the same bytes are stored once and can be cached forever. */
export const contentKey = (data: Buffer, extension: string) => {
  const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
  return `${hash.slice(0, 2)}/${hash}.${extension}`;
};

export function localStorage(dir: string, baseUrl: string): Storage {
  return {
    async put(data, extension) {
      const key = contentKey(data, extension);
      const file = path.join(dir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return `${baseUrl}/${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${baseUrl}/`)) return;
      const key = url.slice(baseUrl.length + 1);
      if (key.includes('..')) return;
      await fs.rm(path.join(dir, key), { force: true });
    },
  };
}

export async function s3Storage(s3: NonNullable<Config['s3']>, baseUrl: string): Promise<Storage> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
  });
  return {
    async put(data, extension, contentType) {
      const key = contentKey(data, extension);
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
      return `${baseUrl}/${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${baseUrl}/`)) return;
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: url.slice(baseUrl.length + 1) }));
    },
  };
}

export const createStorage = (config: Config): Promise<Storage> | Storage =>
  config.s3 ? s3Storage(config.s3, config.mediaBaseUrl) : localStorage(config.uploadsDir, config.mediaBaseUrl);
