// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:4321/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkApplication,
  dropdown,
  editApplication,
  list,
  listAll,
  loadDestinations,
  loadExams,
  me,
  modalSettings,
  pageview,
  roadblockAds,
  searchSite,
  submitApplication,
  submitComplaint,
  submitInquiry,
} from '../../src/lib/api/public.ts';
import { $redirect, $session } from '../../src/lib/stores/session.ts';

const fetchMock = vi.fn<typeof fetch>();
const reply = (status: number, body: unknown, type = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });
const requested = (i = 0) => fetchMock.mock.calls[i]![0] as Request;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  $session.set({ access: null, refresh: null, user: null, loading: false });
});
afterEach(() => vi.unstubAllGlobals());

const PAYLOAD = {
  name: 'A',
  email: 'a@b.co',
  phone: '98',
  message: 'FREE Counseling: ',
  entity_type: 'consultancy' as const,
  entity_id: 1,
  consultancy: 1,
  destination: 2,
  exam: null,
};

describe('public calls (SPEC §7, §8)', () => {
  it('lists under /api/ with page 1 by default, and fetches every row 1000 at a time', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { count: 1, next: null, previous: null, results: [{ id: 1 }] }));
    await list('destination', { search: 'aus' });
    const url = new URL(requested().url);
    expect(url.pathname).toBe('/api/destination/');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('search')).toBe('aus');
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(reply(200, { count: 2, next: 'x', previous: null, results: [{ id: 1 }] }))
      .mockResolvedValueOnce(reply(200, { count: 2, next: null, previous: 'x', results: [{ id: 2 }] }));
    expect(await listAll('university')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(new URL(requested(1).url).searchParams.get('page_size')).toBe('1000');
    expect(new URL(requested(1).url).searchParams.get('page')).toBe('2');
  });

  it("a failed list says 'Failed to fetch destinations' unless the server says more", async () => {
    fetchMock.mockResolvedValueOnce(reply(500, ''));
    await expect(list('destination')).rejects.toThrow('Failed to fetch destinations');
    fetchMock.mockResolvedValueOnce(reply(400, { error: 'Bad page' }));
    await expect(list('destination')).rejects.toThrow('Bad page');
  });

  it('sends the inquiry as JSON with no auth header, even when signed in', async () => {
    $session.set({ access: 'secret', refresh: 'r', user: null, loading: false });
    let body = '';
    fetchMock.mockImplementationOnce(async (req) => {
      body = await (req as Request).text();
      return reply(201, { id: 1 });
    });
    await submitInquiry(PAYLOAD);
    const req = requested();
    expect(new URL(req.url).pathname).toBe('/api/inquiry/submit/');
    expect(req.method).toBe('POST');
    expect(req.headers.get('Authorization')).toBeNull();
    expect(req.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(body)).toEqual(PAYLOAD);
  });

  it("reads the error field of a failed inquiry, else 'Failed to send', else an empty message", async () => {
    fetchMock.mockResolvedValueOnce(reply(400, { error: 'Email is invalid' }));
    await expect(submitInquiry(PAYLOAD)).rejects.toThrow('Email is invalid');
    fetchMock.mockResolvedValueOnce(reply(500, 'oops', 'text/plain'));
    await expect(submitInquiry(PAYLOAD)).rejects.toThrow('Failed to send');
    fetchMock.mockRejectedValueOnce(new TypeError('network'));
    await expect(submitInquiry(PAYLOAD)).rejects.toThrowError(/^$/);
  });

  it('dropdowns and the two dialog loaders never raise: a failure is an empty list', async () => {
    fetchMock.mockResolvedValue(reply(500, { error: 'x' }));
    expect(await dropdown('consultancy/dropdown', 'ev')).toEqual([]);
    expect(await loadDestinations()).toEqual([]);
    expect(await loadExams()).toEqual([]);
    fetchMock.mockResolvedValueOnce(reply(200, [{ id: 1, value: 1, label: 'Australia' }]));
    expect(await loadDestinations()).toEqual([{ id: 1, value: 1, label: 'Australia' }]);
    expect(new URL(requested(3).url).pathname).toBe('/api/destination/dropdown/');
    fetchMock.mockResolvedValueOnce(reply(200, { count: 1, next: null, previous: null, results: [{ id: 5, name: 'IELTS' }] }));
    expect(await loadExams()).toEqual([{ id: 5, name: 'IELTS' }]);
  });

  it('modal settings never raise and default both flags to false', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await modalSettings()).toEqual({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
    fetchMock.mockResolvedValueOnce(reply(200, { hide_study_abroad_modal: true, hide_full_detail_modal: false }));
    expect(await modalSettings()).toEqual({ hide_study_abroad_modal: true, hide_full_detail_modal: false });
  });

  it('asks for the roadblock ads under /api/ads/?placement=roadblock_ad', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, [{ id: 1, title: 'T' }]));
    expect(await roadblockAds()).toEqual([{ id: 1, title: 'T' }]);
    expect(requested().url).toBe('http://localhost:4321/api/ads/?placement=roadblock_ad');
  });

  it('only logs a failed pageview', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(
      pageview({ institute_type: null, institute_id: null, session_id: 's', user_agent: 'u', browser: 'b', device: 'd' }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it("uses SPEC §8's texts for applications and complaints when the server gives none", async () => {
    fetchMock.mockImplementation(async () => reply(500, ''));
    await expect(checkApplication('ABC')).rejects.toThrow('Tracking code not found');
    await expect(submitApplication(new FormData())).rejects.toThrow('Failed to submit application');
    await expect(editApplication('ABC', new FormData())).rejects.toThrow('Failed to update application');
    await expect(submitComplaint(new FormData())).rejects.toThrow('Failed to submit complaint form');
  });

  it('sends applications as multipart without a token, and edits by code with PATCH', async () => {
    $session.set({ access: 'secret', refresh: 'r', user: null, loading: false });
    fetchMock.mockResolvedValueOnce(reply(201, { tracking_code: 'SA-1' }));
    const form = new FormData();
    form.set('full_name', 'A');
    expect(await submitApplication(form)).toEqual({ tracking_code: 'SA-1' });
    expect(new URL(requested().url).pathname).toBe('/api/consultancy-application/submit/');
    fetchMock.mockResolvedValueOnce(reply(200, { tracking_code: 'SA-1' }));
    const edit = new FormData();
    edit.set('phone', '2');
    await editApplication(' SA-1 ', edit);
    expect(requested(1).method).toBe('PATCH');
    expect(requested(1).headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(new URL(requested(1).url).pathname).toBe('/api/consultancy-application/edit/SA-1/');
  });

  it('fetches the profile with the bearer token', async () => {
    const user = { id: 1, email: 'g@example.com', first_name: 'Gita', last_name: 'Rai', phone: '98', role: 'student' };
    fetchMock.mockResolvedValueOnce(reply(200, user));
    expect(await me('tok')).toEqual(user);
    expect(new URL(requested().url).pathname).toBe('/api/auth/me/');
    expect(requested().headers.get('Authorization')).toBe('Bearer tok');
  });

  it('a 401 from the profile fetch raises for the caller to log: no token renewal, no sign-out (SPEC §8)', async () => {
    const redirect = vi.fn();
    const previous = $redirect.get();
    $redirect.set(redirect);
    const session = {
      access: 'expired',
      refresh: 'r',
      user: { id: 1, email: 'x@example.com', firstName: '', lastName: '', phone: '', role: 'student' as const },
      loading: false,
    };
    $session.set(session);
    fetchMock.mockResolvedValue(reply(401, { detail: 'Token expired' }));
    try {
      await expect(me('expired')).rejects.toThrow('Token expired');
      expect(fetchMock).toHaveBeenCalledTimes(1); // no POST auth/refresh/
      expect(redirect).not.toHaveBeenCalled();
      expect($session.get()).toEqual(session);
    } finally {
      $redirect.set(previous);
    }
  });

  it('an unreachable profile fetch raises too', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(me('tok')).rejects.toThrow('Failed to fetch profile');
  });
});

describe('the site search call', () => {
  const ANSWER = {
    query: 'nrsing',
    searched: 'nursing',
    corrected: 'nursing',
    chips: [],
    groups: [{ kind: 'course', label: 'Courses', count: 1, more: '/course/?search=nrsing', results: [{ id: 7, slug: null }], refs: {} }],
    suggestions: { words: [], drop: [] },
  };

  it('asks GET /api/search/ with the words, size and exact, and gives the answer the contract checked', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, ANSWER));
    const answer = await searchSite({ q: 'nrsing', size: 3, exact: 'true' });
    const url = new URL(requested().url);
    expect(url.pathname).toBe('/api/search/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'nrsing', size: '3', exact: 'true' });
    expect(answer).toEqual(ANSWER);
  });

  it('refuses an answer that breaks the contract, and passes on the error of a refused search', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { ...ANSWER, groups: [{ kind: 'course' }] }));
    await expect(searchSite({ q: 'nursing' })).rejects.toThrow('Search failed');
    fetchMock.mockResolvedValueOnce(reply(400, { error: 'Type something to search for.' }));
    await expect(searchSite({ q: ' ' })).rejects.toThrow('Type something to search for.');
  });

  it('hands its signal to the request, so a newer search can abort it', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, ANSWER));
    const controller = new AbortController();
    await searchSite({ q: 'nursing' }, controller.signal);
    const [input, init] = fetchMock.mock.calls[0]!;
    const signal = (init as RequestInit | undefined)?.signal ?? (input as Request).signal;
    expect(signal.aborted).toBe(false);
    controller.abort();
    expect(signal.aborted).toBe(true);
  });
});
