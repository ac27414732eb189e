import { downloadBlob } from '../forms/csv.ts';
import { call } from './client.ts';

// Personal files (application documents, complaint evidence, licences): fetched with the session, never linked.

/** The name in a Content-Disposition header: filename* (UTF-8) first, else filename. */
export function dispositionName(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed filename*: the plain filename below will do
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * Downloads an application document or complaint evidence. These have no public URL: the API
 * route (the url in the list reply) answers only with the access token, so a plain link would fail.
 */
export async function downloadPrivateFile(url: string, fallbackName: string): Promise<void> {
  const { blob, name } = await call('Failed to download the file', async (c) => {
    const res = await c.get(url.replace(/^\/api\//, ''));
    return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) ?? fallbackName };
  });
  downloadBlob(name, blob);
}
