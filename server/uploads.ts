import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { HttpError, badRequest } from './errors.ts';
import type { Db } from './db/index.ts';
import type { Storage } from './storage/index.ts';
import { removeUnreferenced } from './storage/references.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * Decoding is where a tiny file costs a lot: a 7000x7000 1-bit PNG is 6 KB and 49 million pixels.
 * An image's size is read from its header before any decoding; a file may have 40 million pixels
 * (a 48 MP phone photo is 8000x6000, saved at 12 MP by default), a request 100 million in all, and
 * only two images decode at once in the whole process, one libvips thread each, so the threads that
 * serve files, password checks and other uploads stay free.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_REQUEST_PIXELS = 100_000_000;
export const DECODE_CONCURRENCY = 2;
sharp.concurrency(1);
const decoding = pLimit(DECODE_CONCURRENCY);

/** What a file field accepts: images are re-encoded; documents are PDF or image. */
export interface UploadRule {
  kind: 'image' | 'pdf' | 'document';
  multiple?: boolean;
  /** images: cropped to exactly this size (ads) */
  size?: { width: number; height: number };
  /** images with a size: the field that keeps a copy at twice it, when the upload is that large */
  double?: string;
}

export interface ProcessedFile {
  field: string;
  data: Buffer;
  extension: string;
  mime: string;
  originalName: string;
}

type Sniffed = { mime: string; extension: string; image: boolean };

/** The type by the bytes themselves, never by the name or the declared type. */
export function sniff(data: Buffer): Sniffed | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', extension: 'jpg', image: true };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', extension: 'png', image: true };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { mime: 'image/gif', extension: 'gif', image: true };
  if (starts(0x52, 0x49, 0x46, 0x46) && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return { mime: 'image/webp', extension: 'webp', image: true };
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', extension: 'pdf', image: false };
  return null;
}

const unsupported = (field: string, kind: UploadRule['kind']) =>
  new HttpError(
    415,
    kind === 'image'
      ? `${field}: only JPEG, PNG, GIF or WebP images are accepted.`
      : kind === 'pdf'
        ? `${field}: only PDF files are accepted.`
        : `${field}: only PDF files or images are accepted.`,
  );

interface ImageSize {
  width: number;
  height: number;
  /** what decoding will cost: every frame of an animation */
  pixels: number;
}

/** An image's size as shown (EXIF orientations 5 to 8 turn it a quarter), from its header alone. */
async function sizeOf(field: string, data: Buffer): Promise<ImageSize> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => {
      throw new HttpError(415, `${field}: the image could not be read.`);
    });
  const [width, height] = [meta.width ?? 0, meta.pageHeight ?? meta.height ?? 0];
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height, pixels: width * height * (meta.pages ?? 1) };
}

interface CheckedFile {
  field: string;
  originalName: string;
  data: Buffer;
  rule: UploadRule;
  type: Sniffed;
  /** images: as shown, and what decoding will cost */
  size: ImageSize;
}

/** Checks a file against its rule from its bytes and header alone: nothing is decoded yet. */
async function checkFile(field: string, originalName: string, data: Buffer, rule: UploadRule): Promise<CheckedFile> {
  const type = sniff(data);
  const limit = rule.kind === 'image' ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES;
  if (data.length > limit) throw new HttpError(413, `${field}: the file is larger than ${limit / 1024 / 1024} MB.`);
  if (!type || (rule.kind === 'image' && !type.image) || (rule.kind === 'pdf' && type.mime !== 'application/pdf'))
    throw unsupported(field, rule.kind);
  const size = type.image ? await sizeOf(field, data) : { width: 0, height: 0, pixels: 0 };
  if (size.pixels > MAX_IMAGE_PIXELS)
    throw new HttpError(413, `${field}: the image is too large (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels); send a smaller one.`);
  return { field, originalName, data, rule, type, size };
}

/** Re-encodes an image as WebP without metadata: cropped to exactly `size`, or within 2400 px. */
const webpOf = (field: string, data: Buffer, size: UploadRule['size']) =>
  decoding(async () => {
    try {
      const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
      const resized = size
        ? image.resize(size.width, size.height, { fit: 'cover' })
        : image.resize(2400, 2400, { fit: 'inside', withoutEnlargement: true });
      return await resized.webp({ quality: 80 }).toBuffer();
    } catch {
      throw new HttpError(415, `${field}: the image could not be read.`);
    }
  });

/**
 * A checked file as it is stored: documents as sent, images re-encoded. A fixed-size image shown on
 * a phone of 2x to 3x density is blurry at its size, so its rule's `double` field also gets a copy
 * at twice the size, when the upload has the pixels for it (an enlarged copy would only weigh more).
 */
async function finishFile({ field, originalName, data, rule, type, size }: CheckedFile): Promise<ProcessedFile[]> {
  if (!type.image) return [{ field, data, extension: type.extension, mime: type.mime, originalName }];
  const stored = (as: string, webp: Buffer): ProcessedFile => ({
    field: as,
    data: webp,
    extension: 'webp',
    mime: 'image/webp',
    originalName,
  });
  const files = [stored(field, await webpOf(field, data, rule.size))];
  const double = rule.size && { width: rule.size.width * 2, height: rule.size.height * 2 };
  if (rule.double && double && size.width >= double.width && size.height >= double.height)
    files.push(stored(rule.double, await webpOf(field, data, double)));
  return files;
}

export interface FormData {
  fields: Record<string, unknown>;
  files: ProcessedFile[];
}

const tooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a JSON or multipart body. Multipart text fields become strings (a repeated name becomes a
 * list); files are checked against `rules` (an unexpected file field is refused).
 */
export async function readForm(request: FastifyRequest, rules: Record<string, UploadRule>): Promise<FormData> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    return { fields: body as Record<string, unknown>, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const checked: CheckedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = String(part.value);
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
        continue;
      }
      const file = part as MultipartFile;
      const rule = rules[file.fieldname];
      if (!rule) {
        file.file.resume();
        throw badRequest(`Unexpected file field "${file.fieldname}".`);
      }
      const data = await file.toBuffer();
      if (data.length === 0) continue; // an empty file input means "no new file"
      if (!rule.multiple && checked.some((f) => f.field === file.fieldname))
        throw badRequest(`${file.fieldname}: only one file is accepted.`);
      checked.push(await checkFile(file.fieldname, file.filename, data, rule));
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (tooLarge(err)) throw new HttpError(413, 'A file is larger than 10 MB.');
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'The upload is too large.');
    throw badRequest('The form data could not be read.');
  }
  // the whole request's decoding cost is known before any of it is spent
  if (checked.reduce((sum, f) => sum + f.size.pixels, 0) > MAX_REQUEST_PIXELS)
    throw new HttpError(413, 'The images of this form are too large together; send fewer or smaller images.');
  const files: ProcessedFile[] = [];
  for (const file of checked) files.push(...(await finishFile(file)));
  return { fields, files };
}

export type StoredFiles = Awaited<ReturnType<typeof storeFiles>>;

/** Stores files for a database write; when the write fails, the files no row refers to are removed again. */
export async function withStoredFiles<T>(
  db: Db,
  storage: Storage,
  files: ProcessedFile[],
  write: (stored: StoredFiles) => Promise<T>,
): Promise<T> {
  const stored = await storeFiles(storage, files);
  try {
    return await write(stored);
  } catch (err) {
    await removeUnreferenced(db, storage, stored.all);
    throw err;
  }
}

/** `ref` is what the store answered: a public URL, or a private store's key. */
async function storeFiles(storage: Storage, files: ProcessedFile[]) {
  const stored: { field: string; ref: string; file: ProcessedFile }[] = [];
  for (const file of files) stored.push({ field: file.field, ref: await storage.put(file.data, file.extension, file.mime), file });
  return {
    stored,
    urls: (field: string) => stored.filter((s) => s.field === field).map((s) => s.ref),
    all: stored.map((s) => s.ref),
  };
}
