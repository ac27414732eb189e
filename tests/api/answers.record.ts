/**
 * Records what the API answers, to compare two versions of the code byte for byte:
 *   npx tsx tests/api/answers.record.ts /tmp/answers-before
 * builds the app on a fresh PGlite with the demo seed, signs in each demo account, issues every GET
 * route (entity lists with filters, ordering, paging and facets, details, dropdowns, uses; the
 * dashboards as each institution; the forum; settings), a set of writes and error answers, and
 * writes one file per request (status, content type, body) plus openapi.json. What depends on the
 * clock or on chance (timestamps, tokens, tracking codes) is masked so two runs agree.
 * Not a test: run it by hand before and after a change, then `diff -r before after`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { entities, entityPaths, countable, orderableFields, type EntityDeclaration } from '../../src/lib/contract/index.ts';
import { seedDemo } from '../../server/db/seed/demo.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo.ts';
import { localStorage } from '../../server/storage/index.ts';
import { buildTestApp } from './helpers.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx tests/api/answers.record.ts <directory>');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const PASSWORD = 'demo-pass-42';
// PGlite; RECORD_ENGINE=postgres with TEST_DATABASE_URL records the same on a PostgreSQL server
const t = await buildTestApp(process.env.RECORD_ENGINE === 'postgres' ? 'postgres' : 'pglite');
// the seed's clock: the start of today, so runs on the same day seed the same rows
const today = new Date();
today.setUTCHours(0, 0, 0, 0);
await seedDemo(t.database.db, localStorage(t.uploadsDir, '/media'), {
  password: PASSWORD,
  production: false,
  now: today.getTime(),
  privateStorage: t.privateStorage,
});

let ip = 0;
const nextIp = () => `10.9.${(++ip >> 8) & 255}.${ip & 255}`;

type Caller = 'anonymous' | 'admin' | 'consultancy' | 'college' | 'university' | 'student';
const tokens: Partial<Record<Caller, string>> = {};

/** a tracking code (applications, complaints): random */
const CODE = /\b[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\b/g;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:\d{2})?)?/g;
const mask = (text: string) =>
  text
    .replace(TIMESTAMP, '<timestamp>')
    .replace(/"(access|refresh|token|tracking_code|code|reference)":"[^"]+"/g, '"$1":"<token>"')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(CODE, '<code>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    // the probes' timings move with the clock and the load
    .replace(/"(ms|uptime_seconds)":[\d.]+/g, '"$1":<n>');

/** Prometheus text: which series there are compares; their samples (and which GC kinds ran) move with the load. */
const metricTypes = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('# TYPE '))
    .join('\n');

let n = 0;
const seen: Record<string, unknown> = {};

async function call(caller: Caller, method: InjectOptions['method'], url: string, payload?: unknown, name = '') {
  const headers: Record<string, string> = tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {};
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
  n += 1;
  const shown = url.replace(CODE, 'CODE');
  const file = `${String(n).padStart(4, '0')}-${`${method}-${shown}-${caller}${name}`.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 120)}.txt`;
  const type = res.headers['content-type'] ?? '';
  const body = String(type).startsWith('text/plain; version=0.0.4')
    ? metricTypes(res.body)
    : String(type).startsWith('application/json') || String(type).startsWith('text')
      ? mask(res.body)
      : `<${res.rawPayload.length} bytes>`;
  fs.writeFileSync(path.join(out, file), `${method} ${shown} as ${caller}\n${res.statusCode}\n${type}\n\n${body}\n`);
  let json: unknown;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json: json as Record<string, unknown> & { results?: Record<string, unknown>[] } };
}

for (const account of DEMO_ACCOUNTS) {
  const res = await call('anonymous', 'POST', '/api/auth/login/', { email: account.email, password: PASSWORD }, `-${account.role}`);
  tokens[account.role as Caller] = (res.json as { access: string }).access;
}

// every entity: its lists, one row by id and by slug, its dropdown and its uses
const decls = Object.values(entities) as EntityDeclaration[];
for (const decl of decls) {
  const paths = entityPaths(decl);
  const reader: Caller = paths.publicList ? 'anonymous' : 'admin';
  const list = `/api/${paths.publicList ?? paths.adminList}/`;
  const first = await call(reader, 'GET', list);
  await call(reader, 'GET', `${list}?page=2&page_size=3`);
  await call(reader, 'GET', `${list}?search=a`);
  await call(reader, 'GET', `${list}?search=kathmandu&page_size=5`);
  for (const key of [...orderableFields(decl)].slice(0, 3)) await call(reader, 'GET', `${list}?ordering=-${key}&page_size=5`);
  const counted = Object.entries(decl.filters ?? {})
    .filter(([, meta]) => countable(meta))
    .map(([name]) => name);
  if (counted.length) {
    const facets = await call(reader, 'GET', `${list}?facets=${counted.join(',')}&page_size=2`);
    for (const name of counted) {
      const values = Object.keys(((facets.json?.facets ?? {}) as Record<string, Record<string, number>>)[name] ?? {});
      if (values[0]) await call(reader, 'GET', `${list}?${name}=${encodeURIComponent(values[0])}&page_size=3`);
    }
  }
  for (const [name, meta] of Object.entries(decl.filters ?? {})) {
    if (meta.kind === 'min' || meta.kind === 'max') await call(reader, 'GET', `${list}?${name}=1000&page_size=3`);
    if (meta.kind === 'within' && meta.options?.[0]) await call(reader, 'GET', `${list}?${name}=${meta.options[0]}&page_size=3`);
  }
  await call(reader, 'GET', `${list}?ordering=nonsense`);
  await call(reader, 'GET', `${list}?page=0`);
  if (paths.publicList && paths.adminList !== paths.publicList) {
    await call('admin', 'GET', `/api/${paths.adminList}/?page_size=5`);
    await call('anonymous', 'GET', `/api/${paths.adminList}/`);
  }
  if (!paths.publicList) await call('anonymous', 'GET', list);
  const row = first.json?.results?.[0];
  seen[decl.name] = row;
  const one = (id: unknown) => `/api/${paths.one.replace(':id', String(id))}/`;
  if (row) {
    await call(reader, 'GET', one(row.id));
    if (row.slug) await call(reader, 'GET', one(row.slug));
    await call('admin', 'GET', `/api/${paths.uses.replace(':id', String(row.id))}/`);
    await call('student', 'GET', `/api/${paths.uses.replace(':id', String(row.id))}/`);
  }
  await call(reader, 'GET', one(99999999));
  if (paths.dropdown) {
    await call('anonymous', 'GET', `/api/${paths.dropdown}/`);
    await call('anonymous', 'GET', `/api/${paths.dropdown}/?search=a&page_size=3`);
  }
}

// every other GET route, as each caller its access admits (parameters from the rows seen)
const gets = t.app.routeList.filter((r) => r.method === 'GET' && !/\/:id\/(uses)\/$/.test(r.url));
const entityUrls = new Set(
  decls.flatMap((d) =>
    Object.values(entityPaths(d))
      .filter(Boolean)
      .map((p) => `/api/${p}/`),
  ),
);
const callersOf = (access: unknown): Caller[] => {
  if (access === 'public') return ['anonymous'];
  if (access === 'optional') return ['anonymous', 'student'];
  if (access === 'user') return ['student', 'anonymous'];
  const roles = access as Caller[];
  return [...roles, roles.includes('admin') ? 'student' : 'admin'];
};
const idsFrom = async (url: string): Promise<unknown[]> => {
  let res = await call('admin', 'GET', url, undefined, '-ids');
  if (res.status === 404) res = await call('admin', 'GET', `${url}admin/`, undefined, '-ids');
  const list = (res.json?.results ?? res.json?.items ?? []) as Record<string, unknown>[];
  return list.slice(0, 1).map((r) => r.id ?? r.code ?? r.tracking_code);
};
for (const route of gets) {
  if (entityUrls.has(route.url)) continue;
  for (const caller of callersOf(route.access)) {
    if (!route.url.includes(':')) {
      await call(caller, 'GET', route.url);
      if (route.url.endsWith('/dashboard/')) continue;
      await call(caller, 'GET', `${route.url}?page=2&page_size=2`);
      continue;
    }
    const listUrl = route.url.replace(/:[a-z_]+\/.*$/, '').replace(/(track|check|edit)\/$/, 'admin/');
    const [id] = await idsFrom(listUrl);
    await call(caller, 'GET', route.url.replace(/:[a-z_]+/, String(id ?? 99999)));
  }
}
await call('admin', 'GET', '/api/analytics/summary/?days=7');
await call('university', 'GET', '/api/analytics/mine/?days=90');
await call('anonymous', 'GET', '/api/forum/questions/?search=visa');
await call('anonymous', 'GET', '/api/forum/questions/?ordering=-created_at&page_size=3');
await call('admin', 'GET', '/api/forum/moderation/?queue=hidden');
await call('anonymous', 'GET', '/api/no-such-route/');
await call('anonymous', 'GET', '/api/auth/me/');

// writes: an empty update and a confirmation of every entity's first row, bad bodies, a create and its delete
for (const decl of decls) {
  const paths = entityPaths(decl);
  const row = seen[decl.name] as Record<string, unknown> | undefined;
  await call('admin', 'POST', `/api/${paths.create}/`, {});
  await call('student', 'POST', `/api/${paths.create}/`, {});
  if (!row) continue;
  await call('admin', 'PATCH', `/api/${paths.update.replace(':id', String(row.id))}/`, {});
  if (paths.confirm) await call('admin', 'POST', `/api/${paths.confirm.replace(':id', String(row.id))}/`, {});
}
const created = await call('admin', 'POST', '/api/disciplines/create/', {
  name: 'Recorded discipline',
  description: 'Made by the recorder.',
});
await call('admin', 'PATCH', `/api/disciplines/${created.json?.id}/update/`, { description: 'Changed.' });
await call('admin', 'DELETE', `/api/disciplines/${created.json?.id}/delete/`);
for (const role of ['consultancy', 'college', 'university'] as const) {
  await call(role, 'PATCH', `/api/${role}/dashboard/update/`, {});
  await call(role, 'POST', `/api/${role}/dashboard/still-correct/`, {});
}
await call('admin', 'PATCH', '/api/site-settings/update/', { show_counselling_bar: true });
await call('admin', 'PATCH', '/api/leads/modal-settings/update/', { hide_full_detail_modal: false });
await call('admin', 'PATCH', '/api/site-settings/update/', { show_counselling_bar: 'yes' });
const category = (seen['forum-category'] ?? seen.forumCategory) as { id?: number } | undefined;
const question = await call('student', 'POST', '/api/forum/questions/', {
  title: 'How long does a visa take?',
  body: 'Asking for a friend.',
  category: category?.id ?? null,
});
const qid = question.json?.id;
await call('student', 'PATCH', `/api/forum/questions/${qid}/`, { body: 'Asking for myself.' });
const reply = await call('admin', 'POST', `/api/forum/questions/${qid}/reply/`, { body: 'About six weeks.' });
await call('student', 'POST', `/api/forum/questions/${qid}/like/`);
await call('student', 'POST', `/api/forum/questions/${qid}/accept/`, { reply: reply.json?.id ?? null });
await call('admin', 'PATCH', `/api/forum/replies/${reply.json?.id}/`, { body: 'About five weeks.' });
await call('student', 'POST', `/api/forum/replies/${reply.json?.id}/report/`, { reason: 'Not quite right' });
await call('admin', 'PATCH', `/api/forum/questions/${qid}/moderate/`, { hidden: true });
await call('anonymous', 'GET', `/api/forum/questions/${qid}/`);
await call('student', 'GET', `/api/forum/questions/${qid}/`);
await call('student', 'DELETE', `/api/forum/questions/${qid}/`, {});
await call('student', 'POST', '/api/forum/questions/', { title: 'x' });
await call('student', 'POST', '/api/auth/shortlist/', { items: [{ entity: 'university', id: 1 }] });
await call('student', 'DELETE', '/api/auth/shortlist/university/1/');
await call('admin', 'POST', '/api/auth/users/create/', {
  email: 'recorded@example.com',
  password: 'a-long-enough-password-7',
  role: 'student',
  first_name: 'Rec',
});
await call('anonymous', 'POST', '/api/auth/register/', { email: 'bad', password: 'x', first_name: '' });
await call('anonymous', 'POST', '/api/inquiry/submit/', {});
await call('anonymous', 'POST', '/api/analytics/pageview/', {});
await call('anonymous', 'POST', '/api/consultancy-review/submit/', {});
await call('anonymous', 'POST', '/api/auth/logout/', { refresh: 'nope' });
await call('anonymous', 'POST', '/api/auth/refresh/', { refresh: 'nope' });

// the lives of an application, a review, a complaint, an inquiry, a licence, a branch and the mails they send
const own = await call('consultancy', 'GET', '/api/consultancy/dashboard/', undefined, '-own');
const cid = own.json?.id;
const applicant = { full_name: 'Recorded Applicant', email: 'recorded.applicant@example.com', phone: '9800000001' };
const application = await call('anonymous', 'POST', '/api/consultancy-application/submit/', {
  consultancy: cid,
  ...applicant,
  message: 'Please call me.',
});
const code = String(application.json?.tracking_code);
await call('anonymous', 'GET', `/api/consultancy-application/check/${code}/`);
await call('anonymous', 'PATCH', `/api/consultancy-application/edit/${code}/`, { message: 'Please call me after 5 pm.' });
await call('anonymous', 'PUT', `/api/consultancy-application/notifications/${code}/`, { notify_applicant: false });
const mine = await call('consultancy', 'GET', '/api/consultancy/dashboard/applications/?page_size=1', undefined, '-newest');
const applicationId = mine.json?.results?.[0]?.id;
await call('consultancy', 'POST', `/api/consultancy/dashboard/applications/${applicationId}/status/`, {
  status: 'counselling',
  note: 'Looking at it.',
});
await call('consultancy', 'GET', `/api/consultancy-application/${applicationId}/documents/1/`);
const review = await call('anonymous', 'POST', '/api/consultancy-review/submit/', {
  tracking_code: code,
  honesty: 4,
  responsiveness: 5,
  visa_guidance: 4,
  text: 'They answered every question I had and were honest about the visa chances.',
});
await call('anonymous', 'GET', `/api/consultancy-review/check/${code}/`);
await call('anonymous', 'PATCH', `/api/consultancy-review/edit/${code}/`, { honesty: 5 });
const reviews = await call('consultancy', 'GET', '/api/consultancy/dashboard/reviews/?page_size=1', undefined, '-newest');
const reviewId = reviews.json?.results?.[0]?.id ?? review.json?.id;
await call('consultancy', 'POST', `/api/consultancy/dashboard/reviews/${reviewId}/reply/`, { reply: 'Thank you for writing about us.' });
await call('admin', 'POST', `/api/consultancy-review/${reviewId}/hide/`, { reason: 'Recorded removal of a review.' });
await call('admin', 'POST', `/api/consultancy-review/${reviewId}/restore/`);
await call('admin', 'GET', '/api/consultancy-review/admin/?page_size=2');
const complaint = await call('anonymous', 'POST', '/api/complaint/submit/', {
  name: 'Recorded Complainant',
  email: 'recorded.complainant@example.com',
  consultancy: cid,
  subject: 'No answer for weeks',
  message: 'I paid the fee and nobody answers my calls.',
});
const complaintCode = String(complaint.json?.code);
// what a bot that fills the hidden field is told
await call('anonymous', 'POST', '/api/complaint/submit/', {
  name: 'A Bot',
  email: 'bot@example.com',
  consultancy: cid,
  subject: 'Buy now',
  message: 'Cheap offers every day.',
  website: 'x',
});
await call('anonymous', 'POST', '/api/consultancy-application/submit/', {
  consultancy: cid,
  ...applicant,
  email: 'bot@example.com',
  website: 'x',
});
await call('anonymous', 'POST', '/api/inquiry/submit/', {
  name: 'A Bot',
  email: 'bot@example.com',
  phone: '9800000009',
  entity_type: 'consultancy',
  entity_id: cid,
  consultancy: cid,
  website: 'x',
});
await call('anonymous', 'GET', `/api/complaint/track/${complaintCode}/`);
await call('anonymous', 'POST', `/api/complaint/track/${complaintCode}/reply/`, { message: 'Still nothing.' });
const complaints = await call('consultancy', 'GET', '/api/consultancy/dashboard/complaints/?page_size=1', undefined, '-newest');
const complaintId = complaints.json?.results?.[0]?.id;
await call('consultancy', 'POST', `/api/consultancy/dashboard/complaints/${complaintId}/answer/`, { message: 'We called you back today.' });
await call('admin', 'PATCH', `/api/complaint/${complaintId}/status/`, { status: 'resolved', note: 'Answered.' });
await call('anonymous', 'GET', `/api/complaint/track/${complaintCode}/`);
await call('anonymous', 'POST', '/api/inquiry/submit/', {
  name: 'Recorded Inquirer',
  email: 'inquirer@example.com',
  phone: '9800000002',
  message: 'Call me.',
  entity_type: 'consultancy',
  entity_id: cid,
  consultancy: cid,
});
await call('anonymous', 'POST', '/api/analytics/pageview/', {
  session_id: 'recorded-session',
  path: '/consultancy/x/',
  institute_type: 'consultancy',
  institute_id: cid,
});
await call('anonymous', 'POST', '/api/analytics/pageview/', {
  session_id: 'recorded-session',
  path: '/consultancy/x/',
  institute_type: 'consultancy',
  institute_id: cid,
});
const pending = await call('admin', 'GET', '/api/consultancy-licence/admin/?page_size=2', undefined, '-pending');
const [first, second] = (pending.json?.results ?? []) as { id: number }[];
if (first) await call('admin', 'POST', `/api/consultancy-licence/${first.id}/verify/`);
if (second)
  await call('admin', 'POST', `/api/consultancy-licence/${second.id}/reject/`, { reason: 'The permission number does not match.' });
await call('consultancy', 'GET', '/api/consultancy/dashboard/licence/');
const branch = await call('college', 'POST', '/api/college/dashboard/branches/', { name: 'Recorded branch', address: 'Pulchowk' });
await call('college', 'PATCH', `/api/college/dashboard/branches/${branch.json?.id}/`, { address: 'Jawalakhel' });
await call('college', 'GET', '/api/college/dashboard/branches/');
await call('college', 'DELETE', `/api/college/dashboard/branches/${branch.json?.id}/`);
const users = await call('admin', 'GET', '/api/auth/users/?page_size=1', undefined, '-first');
await call('admin', 'PUT', `/api/auth/users/${users.json?.results?.[0]?.id}/`, { first_name: 'Changed' });
await call('student', 'POST', '/api/forum/questions/1/report/', { reason: 'Looks like an advert' });
await call('admin', 'GET', '/api/forum/moderation/');
await call('anonymous', 'POST', '/api/auth/register/', {
  email: 'recorded.new@example.com',
  password: 'a-long-enough-password-7',
  first_name: 'New',
});
await call('anonymous', 'POST', '/api/auth/password-reset/', { email: 'student@example.com' });
await call('anonymous', 'POST', '/api/auth/password-reset/confirm/', { token: 'not-a-token', password: 'a-long-enough-password-7' });
await call('anonymous', 'POST', '/api/auth/verify/', { token: 'not-a-token' });
const outbox = await call('admin', 'GET', '/api/outbox/admin/?page_size=3');
const mail = outbox.json?.results?.[0]?.id;
await call('admin', 'GET', `/api/outbox/admin/${mail}/`);
await call('admin', 'POST', `/api/outbox/admin/${mail}/retry/`);
await call('admin', 'GET', '/api/inquiry/admin/all/?page_size=2');
await call('admin', 'GET', '/api/complaint/admin/?page_size=2');
await call('admin', 'GET', '/api/consultancy-application/admin/?page_size=2');
const college = await call('college', 'GET', '/api/college/dashboard/', undefined, '-own');
await call('anonymous', 'POST', '/api/inquiry/submit/', {
  name: 'College Inquirer',
  email: 'college.inquirer@example.com',
  phone: '9800000003',
  message: 'Fees?',
  entity_type: 'college',
  entity_id: college.json?.id,
});
await call('college', 'GET', '/api/college/dashboard/inquiries/');
await call('admin', 'GET', '/api/site/status/');

const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
fs.writeFileSync(path.join(out, 'openapi.json'), `${JSON.stringify(docs.json(), null, 2)}\n`);
await t.close();
console.log(`${n} answers in ${out}`);
