import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { rowsOf, type Db } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { sniff } from '../uploads.ts';
import type { Storage } from './index.ts';
import { PRIVATE_FILE_COLUMNS, removeUnreferenced } from './references.ts';

// eslint-disable-next-line no-control-regex -- control characters are what a header must not carry
const UNSAFE_IN_HEADER = /[\u0000-\u001f\u007f"\\/:*?<>|;]+/g;

/** The stem of the name the user gave, made safe for a header, with the extension of the bytes actually stored. */
function downloadName(name: string, extension: string) {
  const stem =
    name
      .replace(/\.[^.]*$/, '')
      .replace(UNSAFE_IN_HEADER, '_')
      .trim()
      .slice(0, 100) || 'document';
  return `${stem}.${extension}`;
}

// RFC 5987: encodeURIComponent leaves ' ( ) * alone, which filename* does not allow.
const rfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Answers a personal file as a download: typed by its bytes, never cached by a browser or proxy,
 * never sniffed into another type, and sandboxed should a browser open it in place anyway.
 */
export async function sendPrivateFile(reply: FastifyReply, storage: Storage, key: string, name: string) {
  const data = await storage.read(key);
  if (!data) throw notFound('The file is no longer available.');
  const type = sniff(data);
  const filename = downloadName(name, type?.extension ?? 'bin');
  return reply
    .header('Content-Type', type?.mime ?? 'application/octet-stream')
    .header(
      'Content-Disposition',
      `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${rfc5987(filename)}`,
    )
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(data);
}

/**
 * Application documents and complaint evidence used to be kept in the public store, reachable by
 * anyone under MEDIA_BASE_URL. Moves each such file into the private store and its rows to the
 * new key. Runs on every start and finds nothing once done; answers how many files it moved.
 */
export async function movePersonalFilesToPrivate(
  db: Db,
  publicStorage: Storage,
  privateStorage: Storage,
  mediaBaseUrl: string,
): Promise<number> {
  let moved = 0;
  for (const [table, column] of PRIVATE_FILE_COLUMNS) {
    const [t, c] = [sql.identifier(table), sql.identifier(column)];
    const rows = rowsOf<{ ref: string }>(
      await db.execute(sql`SELECT DISTINCT ${c} AS ref FROM ${t} WHERE starts_with(${c}, ${`${mediaBaseUrl}/`})`),
    );
    for (const { ref } of rows) {
      const data = await publicStorage.read(ref);
      const type = data && sniff(data);
      // a public file already gone leaves nothing to protect; its download answers 404
      if (!data || !type) continue;
      const key = await privateStorage.put(data, type.extension, type.mime);
      await db.execute(sql`UPDATE ${t} SET ${c} = ${key} WHERE ${c} = ${ref}`);
      await removeUnreferenced(db, publicStorage, [ref]);
      moved += 1;
    }
  }
  return moved;
}
