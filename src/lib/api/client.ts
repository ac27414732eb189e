import ky, { HTTPError, type KyInstance, type Options } from 'ky';

/**
 * The one HTTP client. In the browser the API is same-origin (/api); at build time the pages read
 * it from API_URL. Every non-OK reply becomes an ApiError whose message follows SPEC §8.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string[]>,
    /** the whole error answer, for what it says beyond error and fields (a refused delete's used_by) */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const apiBase = (): string => {
  if (typeof window !== 'undefined') return '/api/';
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  return `${(env.API_URL ?? `http://localhost:${env.PORT ?? 4321}/api`).replace(/\/$/, '')}/`;
};

/** SPEC §8: the message comes from the reply's error or detail field or its text, else the fallback. */
export async function errorMessage(
  response: Response,
  fallback: string,
): Promise<{ message: string; fields?: Record<string, string[]>; body?: Record<string, unknown> }> {
  const text = await response.text().catch(() => '');
  if (!text) return { message: fallback };
  try {
    const body = JSON.parse(text) as { error?: unknown; detail?: unknown; fields?: Record<string, string[]> };
    const message = typeof body.error === 'string' ? body.error : typeof body.detail === 'string' ? body.detail : fallback;
    return { message, fields: body.fields, body };
  } catch {
    return { message: text.length <= 300 ? text : fallback };
  }
}

type TokenSource = { access(): string | null; renew(): Promise<boolean> };
let tokens: TokenSource = { access: () => null, renew: async () => false };

/** The session store registers here, so the client stays free of store imports. */
export const useTokens = (source: TokenSource) => {
  tokens = source;
};

/** A form the network could not carry, as the offline queue keeps it (src/lib/stores/sendLater.ts). */
export interface KeptRequest {
  key: string;
  method: string;
  url: string;
  contentType: string;
  body: string;
  savedAt: string;
}
/** Thrown instead of the network error once the request is kept on the device; its message is for the student. */
export class KeptOffline extends Error {}
const KEPT_TEXT = 'Saved on this phone, will be sent when you are online.';

let keep: ((request: KeptRequest) => void) | null = null;
/** The offline queue registers here (the client stays free of store imports). */
export const keepWhenOffline = (store: (request: KeptRequest) => void) => {
  keep = store;
};

const WRITES = ['POST', 'PATCH'];
/** Never kept: sign-in and tokens (a stale login replayed later would surprise), and page-view counts (of no use later). */
const NEVER_KEPT = ['/api/auth/', '/api/analytics/'];
const keepable = (request: Request) =>
  WRITES.includes(request.method) && !NEVER_KEPT.some((p) => new URL(request.url).pathname.startsWith(p)) && !!keep;

/** Bodies that can be kept as text: JSON, and forms without files (an upload is not kept on the device). */
const keptBody = async (copy: Request): Promise<string | null> => {
  const type = copy.headers.get('content-type') ?? '';
  if (type !== '' && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) return null;
  const body = await copy.text();
  return type.startsWith('multipart/form-data') && body.includes('filename=') ? null : body;
};

/**
 * Every POST and PATCH carries an Idempotency-Key, so sending it again never makes a second row.
 * When the network fails, a request whose body can be kept (keptBody) is kept for later.
 */
async function fetchOrKeep(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (!keepable(request)) return fetch(request);
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (err) {
    const body = await keptBody(copy);
    if (body === null) throw err;
    const url = new URL(copy.url);
    keep?.({
      key: copy.headers.get('idempotency-key')!,
      method: copy.method,
      url: `${url.pathname.replace(/^\/api\//, '')}${url.search}`,
      contentType: copy.headers.get('content-type') ?? '',
      body,
      savedAt: new Date().toISOString(),
    });
    throw new KeptOffline(KEPT_TEXT);
  }
}

export const api: KyInstance = ky.create({
  prefixUrl: apiBase(),
  fetch: fetchOrKeep,
  timeout: 30_000,
  retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = tokens.access();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        if (WRITES.includes(request.method) && !request.headers.has('Idempotency-Key'))
          request.headers.set('Idempotency-Key', crypto.randomUUID());
      },
    ],
    afterResponse: [
      // An expired access token is renewed once with the refresh token, then the call is repeated.
      async (request, options, response) => {
        if (response.status !== 401 || !tokens.access() || request.headers.get('X-Retried')) return response;
        if (!(await tokens.renew())) return response;
        const retry = new Request(request, { headers: new Headers(request.headers) });
        retry.headers.set('Authorization', `Bearer ${tokens.access()}`);
        retry.headers.set('X-Retried', '1');
        return ky(retry, { ...options, hooks: {}, retry: 0, throwHttpErrors: false });
      },
    ],
  },
});

/** Runs a call and turns an HTTP error into an ApiError with SPEC §8's message. */
export async function call<T>(fallback: string, run: (client: KyInstance) => Promise<T>): Promise<T> {
  try {
    return await run(api);
  } catch (err) {
    if (err instanceof HTTPError) {
      const { message, fields, body } = await errorMessage(err.response, fallback);
      throw new ApiError(message, err.response.status, fields, body);
    }
    if (err instanceof ApiError) throw err;
    throw new ApiError(err instanceof KeptOffline ? err.message : fallback, 0);
  }
}

export const json =
  <T>(path: string, options?: Options) =>
  (client: KyInstance) =>
    client(path, options).json<T>();

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  /** when the list was asked for them (?facets=): rows per value of each filter named */
  facets?: Record<string, Record<string, number>>;
}
