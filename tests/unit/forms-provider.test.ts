import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create, dropdown, getAll, optionsById, getList, getOne, remove, update } from '../../src/lib/api/admin.ts';
import { resource } from '../../src/admin/resources/index.ts';
import { getSummary, toDaySeries } from '../../src/lib/api/analytics.ts';
import { getModalSettings } from '../../src/lib/api/settings.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import {
  HTML_REPLY,
  getProfile,
  listApplications,
  moveApplication,
  myPageviews,
  removeBranch,
  updateProfile,
} from '../../src/lib/api/dashboard.ts';

type Handler = (req: Request) => Response | Promise<Response>;
let requests: Request[] = [];

function serve(handler: Handler) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      requests.push(req.clone());
      return handler(req);
    }),
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const path = (r: Request) => {
  const u = new URL(r.url);
  return u.pathname + u.search;
};
async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null, setItem() {}, removeItem() {} });

beforeEach(() => vi.stubGlobal('localStorage', storage({})));
afterEach(() => vi.unstubAllGlobals());

describe('data provider: paths from the declarations', () => {
  it('getList: page defaults to 1; search, ordering, page size and filters in the query', async () => {
    serve(() => json({ count: 0, next: null, previous: null, results: [] }));
    await getList('destination');
    await getList('consultancy', {
      page: 2,
      pageSize: 20,
      search: ' nep ',
      ordering: '-name',
      filters: { district: '3', verified: '', exam: undefined },
    });
    expect(path(requests[0])).toBe('/api/destination/?page=1');
    expect(path(requests[1])).toBe('/api/consultancy/?page=2&page_size=20&search=nep&ordering=-name&district=3');
  });
  it('admin lists and overrides: ads, offers, users, inquiries', async () => {
    serve(() => json({ count: 0, next: null, previous: null, results: [] }));
    await getList('ad', { search: 'x' });
    await getList('offer');
    await getList('user', { search: 'a@b' });
    await getList('inquiry', { page: 3 });
    await getList('application', { filters: { status: 'counselling' } });
    await getList('complaint');
    await getList('blogCategory');
    expect(requests.map(path)).toEqual([
      '/api/ads/admin/?page=1&search=x',
      '/api/offer/admin/?page=1',
      '/api/auth/users/?page=1&search=a%40b',
      '/api/inquiry/admin/all/?all=true&page=3',
      '/api/consultancy-application/admin/?page=1&status=counselling',
      '/api/complaint/admin/?page=1',
      '/api/blog/categories/?page=1',
    ]);
  });
  it('create: multipart for multipart entities, JSON for the rest', async () => {
    serve(() => json({ id: 1 }, 201));
    await create('university', { name: 'Uni', disciplines: [1], logo: new File(['x'], 'l.png', { type: 'image/png' }) });
    await create('district', { name: 'Kaski' });
    await create('user', { email: 'a@b.c', role: 'student', password: 'secret123' });
    await create('offer', { title: 'T' });
    expect(requests.map((r) => `${r.method} ${path(r)}`)).toEqual([
      'POST /api/university/create/',
      'POST /api/districts/create/',
      'POST /api/auth/users/create/',
      'POST /api/offer/admin/',
    ]);
    const form = await requests[0].formData();
    expect(form.get('disciplines')).toBe('[1]');
    expect(form.get('logo')).toBeInstanceOf(File);
    expect(requests[1].headers.get('content-type')).toContain('application/json');
    expect(await requests[1].json()).toEqual({ name: 'Kaski' });
  });
  it('update: PATCH /x/{id}/update/, offers on /offer/admin/{id}/, users PUT', async () => {
    serve(() => json({ id: 5 }));
    await update('course', 5, { name: 'C', icon: '/media/old.png', discipline_id: null });
    await update('offer', 6, { title: 'O' });
    await update('user', 7, { role: 'admin' });
    await update('blogCategory', 8, { name: 'Tips' });
    expect(requests.map((r) => `${r.method} ${path(r)}`)).toEqual([
      'PATCH /api/course/5/update/',
      'PATCH /api/offer/admin/6/',
      'PUT /api/auth/users/7/',
      'PATCH /api/blog/categories/8/update/',
    ]);
    const form = await requests[0].formData();
    expect([...form.keys()]).toEqual(['name']);
  });
  it('inquiries: the institution type, destination and date filters reach the query string', async () => {
    serve(() => json({ count: 0, next: null, previous: null, results: [] }));
    await getList('inquiry', {
      filters: { entity_type: 'college', consultancy: '', destination: '3', date_from: '2026-01-01', date_to: '2026-01-31' },
    });
    expect(path(requests[0])).toBe(
      '/api/inquiry/admin/all/?all=true&page=1&entity_type=college&destination=3&date_from=2026-01-01&date_to=2026-01-31',
    );
  });
  it('users: a save sends null for the institution links the role does not use', async () => {
    serve(() => json({ id: 7 }));
    await update('user', 7, { role: 'college', consultancy_id: '4', college_id: '2', university_id: '' });
    expect(await requests[0].json()).toEqual({ role: 'college', college_id: 2, consultancy_id: null, university_id: null });
  });
  it('getOne', async () => {
    serve(() => json({ id: 2, name: 'Nepal' }));
    expect(await getOne('destination', 2)).toEqual({ id: 2, name: 'Nepal' });
    expect(path(requests[0])).toBe('/api/destination/2/');
  });
});

describe('SPEC §8: error messages', () => {
  it('the error field, then detail, then the body text', async () => {
    serve(() => json({ error: 'Name is taken', fields: { name: ['Name is taken'] } }, 409));
    const e = await rejection(create('consultancy', { name: 'A' }));
    expect(e.message).toBe('Name is taken');
    expect(e.status).toBe(409);
    expect(e.fields).toEqual({ name: ['Name is taken'] });
    serve(() => json({ detail: 'Not allowed' }, 403));
    expect((await rejection(getList('destination'))).message).toBe('Not allowed');
    serve(() => new Response('Gateway trouble', { status: 500 }));
    expect((await rejection(remove('course', 1))).message).toBe('Gateway trouble');
  });
  it.each([
    ['create', () => create('consultancy', { name: 'A' }), 'Failed to create consultancy'],
    ['list', () => getList('destination'), 'Failed to fetch destinations'],
    ['delete', () => remove('course', 3), 'Failed to delete course'],
    ['update', () => update('university', 3, {}), 'Failed to update university'],
    ['one', () => getOne('exam', 3), 'Failed to fetch exam'],
  ])('generic %s message when the reply says nothing', async (_n, run, message) => {
    serve(() => new Response('', { status: 500 }));
    expect((await rejection(run())).message).toBe(message);
    serve(() => json({}, 400));
    expect((await rejection(run())).message).toBe(message);
  });
  it('a network failure gives the generic message', async () => {
    serve(() => Promise.reject(new TypeError('fetch failed')));
    expect((await rejection(getList('scholarship'))).message).toBe('Failed to fetch scholarships');
  });
});

describe('SPEC §8: deletes report success', () => {
  it("with the server's message", async () => {
    serve(() => json({ message: 'Consultancy deleted successfully!' }));
    expect(await remove('consultancy', 4)).toEqual({ success: true, message: 'Consultancy deleted successfully!' });
    expect(`${requests[0].method} ${path(requests[0])}`).toBe('DELETE /api/consultancy/4/delete/');
  });
  it('and the like when the reply has none', async () => {
    serve(() => new Response(null, { status: 204 }));
    expect(await remove('course', 4)).toEqual({ success: true, message: 'Course deleted successfully!' });
    await remove('offer', 9);
    expect(`${requests[1].method} ${path(requests[1])}`).toBe('DELETE /api/offer/admin/9/');
  });
});

describe('SPEC §8: dropdowns and modal settings never raise', () => {
  it('dropdowns ask /x/dropdown/ for one small page with the search, and map options', async () => {
    serve(() => json([{ id: 1, value: 1, label: 'Kathmandu', slug: 'kathmandu' }]));
    expect(await dropdown('district', 'kath')).toEqual([{ id: 1, value: 1, label: 'Kathmandu', slug: 'kathmandu' }]);
    await dropdown('university');
    await dropdown('destination');
    await dropdown('consultancy');
    await dropdown('discipline');
    expect(requests.map(path)).toEqual([
      '/api/district/dropdown/?search=kath&page_size=50',
      '/api/university/dropdown/?page_size=50',
      '/api/destination/dropdown/?page_size=50',
      '/api/consultancy/dropdown/?page_size=50',
      '/api/disciplines/dropdown/?page_size=50',
    ]);
  });
  it('chosen ids are named by their detail, never raising', async () => {
    serve((r) =>
      path(r) === '/api/consultancy/7/' ? json({ id: 7, name: 'Everest Education', slug: 'everest' }) : json({ error: 'Not found' }, 404),
    );
    expect(await optionsById('consultancy', [7, 8])).toEqual([{ id: 7, value: 7, label: 'Everest Education', slug: 'everest' }]);
    expect(await optionsById('nothing-like-this', [1])).toEqual([]);
  });
  it('without a dropdown route the list feeds it', async () => {
    serve(() => json({ count: 1, next: null, previous: null, results: [{ id: 3, name: 'IELTS' }] }));
    expect(await dropdown('exam', 'iel')).toEqual([{ id: 3, value: 3, label: 'IELTS', slug: undefined }]);
    expect(path(requests[0])).toBe('/api/exam/?page=1&page_size=50&search=iel');
  });
  it('an error, a network failure or a strange body is an empty list', async () => {
    serve(() => json({ error: 'boom' }, 500));
    expect(await dropdown('university', 'x')).toEqual([]);
    serve(() => Promise.reject(new TypeError('offline')));
    expect(await dropdown('district')).toEqual([]);
    serve(() => json({ not: 'a list' }));
    expect(await dropdown('destination')).toEqual([]);
    expect(await dropdown('nothing-like-this')).toEqual([]);
  });
  it('modal settings default to both flags false', async () => {
    serve(() => json({ hide_study_abroad_modal: true, hide_full_detail_modal: false }));
    expect(await getModalSettings()).toEqual({ hide_study_abroad_modal: true, hide_full_detail_modal: false });
    serve(() => json({ error: 'x' }, 500));
    expect(await getModalSettings()).toEqual({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
    serve(() => Promise.reject(new TypeError('offline')));
    expect(await getModalSettings()).toEqual({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
  });
});

describe('paging and analytics', () => {
  it('CSV export walks pages of 200 until next is null', async () => {
    serve((r) => {
      const page = Number(new URL(r.url).searchParams.get('page'));
      return json({ count: 3, next: page < 2 ? 'more' : null, previous: null, results: [{ id: page }] });
    });
    expect(await getAll('inquiry')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(path(requests[1])).toBe('/api/inquiry/admin/all/?all=true&page=2&page_size=200');
  });
  it('day series: the named series of each day the server sent, in its order', () => {
    const reply = {
      days: [
        { date: '2026-01-01', pageviews: 1, inquiries: 2, applications: 0 },
        { date: '2026-01-02', pageviews: 3, inquiries: 0, applications: 5 },
      ],
    };
    expect(toDaySeries(reply, ['pageviews', 'inquiries'])).toEqual([
      { date: '2026-01-01', pageviews: 1, inquiries: 2 },
      { date: '2026-01-02', pageviews: 3, inquiries: 0 },
    ]);
    expect(toDaySeries({ days: [] }, ['pageviews'])).toEqual([]);
  });
  it('summary asks for 30 days and names the most viewed institutions (by number when unnamed)', async () => {
    const top = [
      { institute_type: 'college', institute_id: 4, pageviews: 3, name: 'A' },
      { institute_type: 'university', institute_id: 9, pageviews: 1, name: null },
    ];
    serve(() => json({ days: [{ date: '2026-01-01', pageviews: 4, inquiries: 1, applications: 0 }], top_institutions: top }));
    const summary = await getSummary();
    expect(summary.byInstitution).toEqual([
      { label: 'A', value: 3 },
      { label: 'university #9', value: 1 },
    ]);
    expect(summary.series).toEqual([{ date: '2026-01-01', pageviews: 4, inquiries: 1, applications: 0 }]);
    expect(path(requests[0])).toBe('/api/analytics/summary/?days=30');
  });
});

describe('dashboards', () => {
  it('refuse before sending without a token or an id', async () => {
    serve(() => json({}));
    expect((await rejection(getProfile('consultancy'))).message).toBe('User not logged in');
    vi.stubGlobal('localStorage', storage({ access: 't' }));
    expect((await rejection(getProfile('consultancy'))).message).toBe('Consultancy ID is missing. Please log in again.');
    expect((await rejection(updateProfile('college', { name: 'x' }))).message).toBe('College ID is missing. Please log in again.');
    expect((await rejection(updateProfile('university', { name: 'x' }))).message).toBe('University ID is missing. Please log in again.');
    expect((await rejection(removeBranch('college', 1))).message).toBe('College ID is missing. Please log in again.');
    expect(requests).toHaveLength(0);
  });
  it('update sends multipart without admin-only fields', async () => {
    vi.stubGlobal('localStorage', storage({ access: 't', consultancyId: '3' }));
    serve(() => json({ id: 3 }));
    await updateProfile('consultancy', {
      name: 'Mine',
      verified: true,
      moe_certified: 'true',
      priority: 9,
      claimed: true,
      highlights: ['a'],
      deleted_gallery_images: [],
    });
    expect(`${requests[0].method} ${path(requests[0])}`).toBe('PATCH /api/consultancy/dashboard/update/');
    const form = await requests[0].formData();
    expect(Object.fromEntries(form.entries())).toEqual({ name: 'Mine', highlights: '["a"]' });
  });
  it('SPEC §8: an HTML reply to the university update is reported as a possible server error', async () => {
    vi.stubGlobal('localStorage', storage({ access: 't', universityId: '2' }));
    serve(() => new Response('<!DOCTYPE html><html><body>Oops</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await rejection(updateProfile('university', { name: 'U' }))).message).toBe(HTML_REPLY);
    serve(() => new Response('<html><body>502</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect((await rejection(updateProfile('university', { name: 'U' }))).message).toMatch(/server error/);
    serve(() => json({ error: 'Name is required', fields: { name: ['Required'] } }, 400));
    const e = await rejection(updateProfile('university', { name: '' }));
    expect(e.message).toBe('Name is required');
    expect(e.fields).toEqual({ name: ['Required'] });
  });
  it("an institution's pageviews: the days the server sent, as the chart's points", async () => {
    vi.stubGlobal('localStorage', storage({ access: 't', collegeId: '4' }));
    serve(() =>
      json({
        days: [
          { date: '2026-01-01', pageviews: 2 },
          { date: '2026-01-02', pageviews: 0 },
        ],
        total: 2,
      }),
    );
    expect(await myPageviews('college', 7)).toEqual([
      { date: '2026-01-01', pageviews: 2 },
      { date: '2026-01-02', pageviews: 0 },
    ]);
    expect(path(requests[0])).toBe('/api/analytics/mine/?days=7');
  });
  it('applications: paged with status, moves with a note', async () => {
    vi.stubGlobal('localStorage', storage({ access: 't', consultancyId: '3' }));
    serve(() => json({ count: 0, next: null, previous: null, results: [] }));
    await listApplications(2, 'submitted');
    await moveApplication(11, 'submitted', 'counselling', ' Checking ');
    expect(path(requests[0])).toBe('/api/consultancy/dashboard/applications/?page=2&status=submitted');
    expect(`${requests[1].method} ${path(requests[1])}`).toBe('POST /api/consultancy/dashboard/applications/11/status/');
    expect(await requests[1].json()).toEqual({ status: 'counselling', note: 'Checking' });
  });
});

it('every entity has a resource with all five operations', () => {
  for (const name of [
    'destination',
    'exam',
    'course',
    'university',
    'college',
    'consultancy',
    'event',
    'scholarship',
    'blog',
    'news',
    'featured',
    'offer',
    'ad',
    'district',
    'discipline',
    'blogCategory',
    'newsCategory',
    'modelQuestion',
  ]) {
    const r = resource(name);
    expect(r.list && r.create && r.update && r.remove).toBeTruthy();
  }
});
