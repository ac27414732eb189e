import type { z } from 'zod';
import type { registration } from '../contract/bodies/accounts.ts';
import type { acceptance, newQuestion, questionChanges, replyBody, report } from '../contract/bodies/forum.ts';
import type { InstitutionKind } from '../contract/forum.ts';
import type { BranchKind } from '../contract/institutions.ts';
import type { institutionBranch, publicBranch } from '../contract/records.ts';
import type { DropdownPath } from '../contract/index.ts';
import type { inquiryForm, pageviewForm } from '../contract/bodies/leads.ts';
import type { SearchAnswer, SearchParams } from '../contract/search.ts';
import { api, ApiError, call, json, KeptOffline, type Page } from './client.ts';
import type { ApiUser } from '../stores/session.ts';

/**
 * The public calls of SPEC §7, one function each, all through the one client. Reads used at build
 * time go to API_URL; in the browser to /api/. Errors follow SPEC §8 (see client.ts `call`).
 */

export type Row = Record<string, unknown> & { id: number; slug?: string };
export type Query = Record<string, string | number | boolean | undefined | null>;

const params = (query: Query = {}) => {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out.set(k, String(v));
  return out;
};

/** The plural word used in the generic fallback message: 'Failed to fetch destinations'. */
const fetchFailed = (path: string) => `Failed to fetch ${path.replace(/\/$/, '').replace(/-/g, ' ')}${path.endsWith('s') ? '' : 's'}`;

/** GET /{path}/?page&search&filters: one page of a public list (default page 1). */
export const list = <T extends Row = Row>(path: string, query: Query = {}) =>
  call(fetchFailed(path), json<Page<T>>(`${path}/`, { searchParams: params({ page: 1, ...query }) }));

/** GET /{path}/{id or slug}/ */
export const detail = <T extends Row = Row>(path: string, idOrSlug: string | number) =>
  call(`Failed to fetch ${path}`, json<T>(`${path}/${idOrSlug}/`));

export type PublicBranch = z.infer<typeof publicBranch>;

export type InstitutionBranch = z.infer<typeof institutionBranch>;

/** GET /branches/{kind}/: every institution's other offices of a kind, each with its institution's id. */
export const everyBranch = (kind: BranchKind) => call('Failed to fetch branches', json<InstitutionBranch[]>(`branches/${kind}/`));

/** What the site's search sends: the contract's parameters as typed, before the server's defaults. */
export type SiteSearchQuery = Pick<SearchParams, 'q'> & Partial<Pick<SearchParams, 'size' | 'kind' | 'exact'>>;

/** The answer's schema (zod), fetched once: the search box asks for it when focused, so it is there by the first answer. */
export const searchContract = () => import('./search-contract.ts');

/**
 * GET /search/: the site's one search, every kind ranked and grouped, checked against the contract
 * (an answer that breaks it is refused, not half-shown; the schema loads while the first request is
 * under way). `signal` aborts a stale one; no retry, the next keystroke asks again.
 */
export async function searchSite(query: SiteSearchQuery, signal?: AbortSignal): Promise<SearchAnswer> {
  const [{ searchAnswer }, body] = await Promise.all([
    searchContract(),
    call('Search failed', json<unknown>('search/', { searchParams: params(query), signal, retry: 0 })),
  ]);
  const parsed = searchAnswer.safeParse(body);
  if (!parsed.success) throw new ApiError('Search failed', 0);
  return parsed.data;
}

/** Every row of a list, 1000 at a time (SPEC §9: page size 1000), e.g. all universities. */
export async function listAll<T extends Row = Row>(path: string, query: Query = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const result = await list<T>(path, { ...query, page, page_size: 1000 });
    rows.push(...result.results);
    if (!result.next || result.results.length === 0) return rows;
  }
}

export interface Category {
  id: number;
  name: string;
  slug: string;
}

/** GET /blog/categories/ or /news/categories/ (a plain array or a page). */
export async function categories(kind: 'blog' | 'news'): Promise<Category[]> {
  const result = await call(
    `Failed to fetch ${kind} categories`,
    json<Category[] | Page<Category>>(`${kind}/categories/`, { searchParams: params({ page_size: 1000 }) }),
  );
  return Array.isArray(result) ? result : result.results;
}

export interface Option {
  id: number;
  value: number;
  label: string;
  slug?: string;
}

/** SPEC §8: dropdown calls never raise; a failure gives an empty list. */
export async function dropdown(path: DropdownPath, search = ''): Promise<Option[]> {
  try {
    const result = await api(`${path}/`, { searchParams: params({ search }) }).json<Option[]>();
    return Array.isArray(result) ? result : [];
  } catch {
    return [];
  }
}

export interface SiteSettings {
  featured_counselling_consultancy_id: number | null;
  featured_counselling_consultancy_name: string | null;
  featured_counselling_consultancy_slug: string | null;
  featured_counselling_consultancy_verified: boolean;
  show_counselling_bar: boolean;
}

/** GET /site-settings/ (no payload). Raises on failure: the banner hides. */
export const siteSettings = () => call('Failed to fetch site settings', json<SiteSettings>('site-settings/'));

export interface ModalSettings {
  hide_study_abroad_modal: boolean;
  hide_full_detail_modal: boolean;
}

/** GET /leads/modal-settings/: never raises, both flags default to false (SPEC §8). */
export async function modalSettings(): Promise<ModalSettings> {
  try {
    const body = await api('leads/modal-settings/').json<Partial<ModalSettings>>();
    return {
      hide_study_abroad_modal: body?.hide_study_abroad_modal === true,
      hide_full_detail_modal: body?.hide_full_detail_modal === true,
    };
  } catch {
    return { hide_study_abroad_modal: false, hide_full_detail_modal: false };
  }
}

export interface Ad {
  id: number;
  placement: string;
  title: string;
  redirect_url: string;
  desktop_image_url: string | null;
  mobile_image_url: string | null;
  desktop_image_2x_url: string | null;
  mobile_image_2x_url: string | null;
}

declare global {
  interface Window {
    /** the same call, started by the page's early script (src/lib/shared/early-script.ts) */
    earlyRoadblockAds?: Promise<unknown>;
  }
}

/** The early script's answer, taken once; its failure counts as none, and the call is made again. */
async function takeEarlyAds(): Promise<Ad[] | Page<Ad> | undefined> {
  if (typeof window === 'undefined' || !window.earlyRoadblockAds) return undefined;
  const early = window.earlyRoadblockAds;
  delete window.earlyRoadblockAds;
  return early.then((answer) => answer as Ad[] | Page<Ad>).catch(() => undefined);
}

/** GET /ads/?placement=roadblock_ad: the active ads (an array, or a page of them). */
export async function roadblockAds(): Promise<Ad[]> {
  const result =
    (await takeEarlyAds()) ??
    (await call('Failed to fetch ads', json<Ad[] | Page<Ad>>('ads/', { searchParams: { placement: 'roadblock_ad' } })));
  return Array.isArray(result) ? result : (result?.results ?? []);
}

/** SPEC §3: the inquiry payload, exactly (the contract's consultancy inquiry). */
export type InquiryPayload = Omit<Extract<z.infer<typeof inquiryForm>, { entity_type: 'consultancy' }>, 'website'>;

/**
 * POST /inquiry/submit/, JSON, no auth header. On failure the reply's error field is read; SPEC §8's
 * chain: server error field, else 'Failed to send' (the dialog adds its own last fallback).
 */
export async function submitInquiry(payload: InquiryPayload): Promise<unknown> {
  let response: Response;
  try {
    response = await api.post('inquiry/submit/', {
      json: payload,
      throwHttpErrors: false,
      retry: 0,
      hooks: { beforeRequest: [(request) => request.headers.delete('Authorization')] },
    });
  } catch (err) {
    if (err instanceof KeptOffline) throw err; // kept on the device: the dialog says so
    throw new Error(''); // no reply at all: the dialog shows its last fallback
  }
  if (response.ok) return response.json().catch(() => ({}));
  const body = (await response.json().catch(() => null)) as { error?: unknown; fields?: Record<string, string[]> } | null;
  // the fields named, so the dialog marks each beside its input
  throw new ApiError(typeof body?.error === 'string' && body.error ? body.error : 'Failed to send', response.status, body?.fields);
}

/** The beacon's payload (the contract's pageview form); the path is the page's when left out. */
export type PageviewPayload = Omit<z.infer<typeof pageviewForm>, 'website' | 'path'> & { path?: string };

/** POST /analytics/pageview/: failures are only logged (SPEC §8). */
export async function pageview(payload: PageviewPayload): Promise<void> {
  try {
    await api.post('analytics/pageview/', { json: payload, retry: 0 });
  } catch (err) {
    console.warn('pageview not recorded', err);
  }
}

/** Destination list loader for the booking dialog: an array (SPEC §4); failures give []. */
export const loadDestinations = () => dropdown('destination/dropdown');

/** Exam list loader for the booking dialog: an object with a results array; failures give []. */
export async function loadExams(): Promise<{ id: number; name: string }[]> {
  try {
    const body = await api('exam/', { searchParams: { page: 1, page_size: 1000 } }).json<Page<{ id: number; name: string }>>();
    return Array.isArray(body?.results) ? body.results : [];
  } catch {
    return [];
  }
}

/**
 * GET /auth/me/ with the bearer token, for the booking dialog's prefill. A failure raises and the
 * caller only logs it (SPEC §8). X-Retried is the client's own flag for "no token renewal": a 401
 * here must not renew and, failing that, sign the visitor out.
 */
export const me = (access: string) =>
  call(
    'Failed to fetch profile',
    json<ApiUser>('auth/me/', { headers: { Authorization: `Bearer ${access}`, 'X-Retried': '1' }, retry: 0 }),
  );

export type RegisterPayload = z.infer<typeof registration>;

/** A student's sign-up: the account exists once the address is confirmed from the mail the server sends. */
export const register = (payload: RegisterPayload) =>
  call('Sign-up failed', json<{ message: string }>('auth/register/', { method: 'post', json: payload }));
/** "Forgot your password?": the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  call('We could not send the link.', json<{ message: string }>('auth/password-reset/', { method: 'post', json: { email } }));
/** The link of the reset mail: sets the new password (once). */
export const resetPassword = (token: string, password: string) =>
  call(
    'The password could not be changed.',
    json<{ message: string }>('auth/password-reset/confirm/', { method: 'post', json: { token, password } }),
  );
/** The link of the sign-up mail: confirms the address and signs the student in. */
export const confirmEmail = (token: string) =>
  call(
    'This link is no longer valid.',
    json<{ access: string; refresh: string; user: ApiUser }>('auth/verify/', { method: 'post', json: { token } }),
  );

// Consultancy applications and complaints (multipart, no token)

export const submitApplication = (form: FormData) =>
  call('Failed to submit application', json<{ tracking_code: string }>('consultancy-application/submit/', { method: 'post', body: form }));

export interface TimelineEntry {
  status: string;
  status_label?: string;
  note: string;
  created_at: string;
  /** who set it: 'counsellor' | 'student' | 'admin', and the counsellor's name */
  actor_role?: string;
  actor_name?: string;
  /** on an offer or visa decision: the student's answer; null: the consultancy's claim only */
  decision?: 'offer' | 'visa' | null;
  student_answer?: 'confirmed' | 'disputed' | null;
  student_note?: string;
}

/** GET /consultancy-application/check/{code}/: progress in full, personal data masked. */
export interface ApplicationStatus {
  tracking_code: string;
  status: string;
  status_label?: string;
  consultancy?: { id: number; name: string; slug: string } | null;
  consultancy_name: string;
  applicant?: { full_name: string; email: string; phone: string };
  destination?: { id: number; name: string } | null;
  course?: { id: number; name: string } | null;
  university?: { id: number; name: string; slug: string } | null;
  preferred_intake?: string;
  education_level?: string;
  document_count?: number;
  editable?: boolean;
  withdrawable?: boolean;
  notify_applicant?: boolean;
  created_at?: string;
  timeline: TimelineEntry[];
}

export const checkApplication = (code: string) =>
  call('Tracking code not found', json<ApplicationStatus>(`consultancy-application/check/${encodeURIComponent(code.trim())}/`));

/** Starts or stops messages about the application. */
export const setApplicationNotices = (code: string, notify: boolean) =>
  call(
    'Failed to update application',
    json<ApplicationStatus>(`consultancy-application/notifications/${encodeURIComponent(code.trim())}/`, {
      method: 'put',
      json: { notify_applicant: notify },
    }),
  );

/** The student's answer to the offer or the visa decision the consultancy recorded. */
export const answerDecision = (code: string, decision: 'offer' | 'visa', answer: 'confirmed' | 'disputed', note = '') =>
  call(
    'Failed to save your answer',
    json<ApplicationStatus>(`consultancy-application/confirm/${encodeURIComponent(code.trim())}/`, {
      method: 'post',
      json: { decision, answer, note },
    }),
  );

/** Where the holder of a code downloads everything held about the application (one zip). */
export const applicationDataUrl = (code: string) => `/api/consultancy-application/export/${encodeURIComponent(code.trim())}/`;

/** Erases the application's personal data at once: the code finds nothing afterwards. */
export const eraseApplicationData = (code: string) =>
  call(
    'Failed to erase your data',
    json<{ erased: true; message: string }>(`consultancy-application/erase/${encodeURIComponent(code.trim())}/`, {
      method: 'post',
      json: { confirm: true },
    }),
  );

/** Changes, added documents, or a withdrawal (withdraw=true, reason), as multipart. */
export const editApplication = (code: string, form: FormData) =>
  call(
    'Failed to update application',
    json<ApplicationStatus>(`consultancy-application/edit/${encodeURIComponent(code.trim())}/`, { method: 'patch', body: form }),
  );

export { submitComplaint } from './complaints.ts';

// Forum

export interface ForumCategory {
  id: number;
  name: string;
  slug: string;
  description?: string;
  question_count?: number;
}

export interface ForumReply {
  id: number;
  question_id?: number;
  body: string;
  created_at: string;
  updated_at?: string;
  author_name?: string;
  author?: { first_name?: string; last_name?: string } | string | null;
  /** the verified institution its author's account speaks for */
  institution?: { kind: InstitutionKind; name: string } | null;
  mine?: boolean;
  hidden?: boolean;
  held?: boolean;
}

export interface ForumQuestion {
  id: number;
  title: string;
  body: string;
  category_id?: number | null;
  category?: ForumCategory | number | null;
  category_name?: string;
  created_at: string;
  updated_at?: string;
  like_count?: number;
  reply_count?: number;
  liked?: boolean;
  mine?: boolean;
  hidden?: boolean;
  held?: boolean;
  accepted_reply_id?: number | null;
  author_name?: string;
  author?: { first_name?: string; last_name?: string } | string | null;
  replies?: ForumReply[];
}

export async function forumCategories(): Promise<ForumCategory[]> {
  const result = await call('Failed to fetch forum categories', json<ForumCategory[] | Page<ForumCategory>>('forum/categories/'));
  return Array.isArray(result) ? result : result.results;
}

export const forumQuestions = (query: Query = {}) =>
  call('Failed to fetch questions', json<Page<ForumQuestion>>('forum/questions/', { searchParams: params({ page: 1, ...query }) }));

export async function trendingQuestions(): Promise<ForumQuestion[]> {
  const result = await call('Failed to fetch questions', json<ForumQuestion[] | Page<ForumQuestion>>('forum/questions/trending/'));
  return Array.isArray(result) ? result : result.results;
}

export async function myQuestions(): Promise<ForumQuestion[]> {
  const result = await call('Failed to fetch questions', json<ForumQuestion[] | Page<ForumQuestion>>('forum/questions/my/'));
  return Array.isArray(result) ? result : result.results;
}

export const forumQuestion = (id: number | string) => call('Question not found', json<ForumQuestion>(`forum/questions/${id}/`));

export const askQuestion = (payload: z.infer<typeof newQuestion>) =>
  call('Failed to post question', json<ForumQuestion>('forum/questions/', { method: 'post', json: payload }));

export const replyToQuestion = (id: number, body: string) =>
  call(
    'Failed to post reply',
    json<ForumReply>(`forum/questions/${id}/reply/`, { method: 'post', json: { body } satisfies z.infer<typeof replyBody> }),
  );

export const likeQuestion = (id: number) =>
  call('Failed to like question', json<{ liked: boolean; like_count: number }>(`forum/questions/${id}/like/`, { method: 'post' }));

export const editQuestion = (id: number, changes: { title: string; body: string }) =>
  call(
    'Failed to save your changes',
    json<ForumQuestion>(`forum/questions/${id}/`, { method: 'patch', json: changes satisfies z.infer<typeof questionChanges> }),
  );

export const editReply = (id: number, body: string) =>
  call(
    'Failed to save your changes',
    json<ForumReply>(`forum/replies/${id}/`, { method: 'patch', json: { body } satisfies z.infer<typeof replyBody> }),
  );

export const acceptAnswer = (id: number, reply: number | null) =>
  call(
    'Failed to accept the answer',
    json<ForumQuestion>(`forum/questions/${id}/accept/`, { method: 'post', json: { reply } satisfies z.infer<typeof acceptance> }),
  );

const postPath = (kind: 'question' | 'reply', id: number) => `forum/${kind === 'question' ? 'questions' : 'replies'}/${id}/`;

export const reportPost = (kind: 'question' | 'reply', id: number, reason: string) =>
  call(
    'Failed to send the report',
    json<{ message: string }>(`${postPath(kind, id)}report/`, { method: 'post', json: { reason } satisfies z.infer<typeof report> }),
  );

export const deletePost = (kind: 'question' | 'reply', id: number) =>
  call('Failed to delete the post', json<{ message: string }>(postPath(kind, id), { method: 'delete' }));
