import { and, eq, inArray, or } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applicationStatusHistory,
  branchCounsellingHours,
  collegeBranches,
  complaintEvents,
  complaints,
  colleges,
  consultancies,
  consultancyApplications,
  consultancyBranches,
  consultancyLicences,
  consultancyReviews,
  counsellingBookings,
  courses,
  inquiries,
  pageviews,
  universities,
} from '../../server/db/schema/index.ts';
import { buildTestApp, engines, multipart, samplePdf, type TestApp, tokenFor } from './helpers.ts';
import { EXPECTED } from './permissions.table.ts';
import { BRANCH_KINDS, type BranchKind } from '../../src/lib/contract/institutions.ts';

type InstitutionRole = 'consultancy' | 'college' | 'university';
type Caller = 'anonymous' | 'student' | InstitutionRole | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'consultancy', 'college', 'university', 'admin'];
const INSTITUTION_ROLES: InstitutionRole[] = ['consultancy', 'college', 'university'];

/** Whether `caller` gets past the access gate of a route declared with `access`. */
function allowed(access: string, caller: Caller): boolean {
  if (access === 'public' || access === 'optional') return true;
  if (caller === 'anonymous') return false;
  if (access === 'user') return true;
  return access.split(',').includes(caller);
}

/** A route pattern with its parameters filled: the given values, else the walk's dummies. */
const fill = (url: string, params: Record<string, number | string> = {}) =>
  url.replace(/:([a-z_]+)/g, (_m, name: string) => String(params[name] ?? (name === 'code' ? 'ABCD-EFGH-JKMN' : 999999)));

/** Every call from its own address, so rate limits never stand in for the access rule. */
let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

const bodyOf = (res: LightMyRequestResponse): unknown => {
  try {
    return res.json();
  } catch {
    return res.body;
  }
};

/** A 4xx in the API's error shape, and a 404 answered by the route itself, never by "no such route". */
function problemOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  const body = bodyOf(res) as { error?: unknown };
  if (typeof body?.error !== 'string') return `not an error body: ${res.body.slice(0, 120)}`;
  if (res.statusCode === 404 && body.error.startsWith('No route ')) return `answered by the router, not the route: ${body.error}`;
  return undefined;
}

/** The second institution's rows and the markers that must never show up in the first one's answers. */
interface Institution {
  consultancy: number;
  college: number;
  university: number;
  auth: Record<InstitutionRole, Record<string, string>>;
  /** the consultancy account's user id, and an invitation it sent */
  staff: number;
  invitation: number;
}

interface Fixtures {
  own: Institution & {
    application: number;
    document: number;
    /** each kind's branches: one to keep, one the own account may delete */
    branches: Record<BranchKind, { branch: number; spare: number }>;
    course: number;
    complaint: number;
    licence: number;
    review: number;
    booking: number;
  };
  other: Institution & {
    application: number;
    document: number;
    trackingCode: string;
    branches: Record<BranchKind, number>;
    course: number;
    complaint: number;
    licence: number;
    review: number;
    booking: number;
  };
  /** strings only the second institution's rows contain */
  otherMarkers: string[];
}

interface CrossCase {
  /** the table key of the route: method and pattern */
  route: string;
  as: InstitutionRole;
  why: string;
  params?: Record<string, number>;
  query?: string;
  body?: Record<string, unknown>;
  status: number;
  /** more checks of the answer; a message when it fails */
  check?: (res: LightMyRequestResponse) => string | undefined;
}

/** A licence submission's text fields, valid as they are. */
const LICENCE = {
  permission_number: 'X-1',
  issuing_office: 'Ministry of Education, Science and Technology',
  issued_on: '2025-01-01',
  expires_on: '2027-01-01',
};

const dashboardOf = (id: number) => (res: LightMyRequestResponse) => {
  const body = bodyOf(res) as { id?: number };
  return body?.id === id ? undefined : `answered about institution ${body?.id}, not the caller's own ${id}`;
};
const ownUpdate = (id: number, about: string) => (res: LightMyRequestResponse) => {
  const body = bodyOf(res) as { id?: number; about?: string };
  return body?.id === id && body.about?.includes(about)
    ? undefined
    : `changed ${body?.id} (about: ${body?.about}), not the caller's own ${id}`;
};
const listHas = (present: number[], absent: number[]) => (res: LightMyRequestResponse) => {
  const body = bodyOf(res) as { results?: { id: number }[] } | { id: number }[];
  const rows = Array.isArray(body) ? body : (body?.results ?? []);
  const ids = rows.map((r) => r.id);
  const missing = present.filter((id) => !ids.includes(id));
  const leaked = absent.filter((id) => ids.includes(id));
  return missing.length || leaked.length ? `ids ${JSON.stringify(ids)}: own ${missing} missing, other ${leaked} leaked` : undefined;
};
const countIs = (n: number) => (res: LightMyRequestResponse) => {
  const body = bodyOf(res) as { count?: number; total?: number };
  const count = body?.count ?? body?.total;
  return count === n ? undefined : `count ${count}, expected ${n}`;
};

/**
 * The first institution's accounts acting with the second institution's ids, in the path, the query
 * string or the body, on every route an institution account may call. Each must answer `status`
 * without showing or changing anything of the second institution.
 */
/** An institution's branches, never another's: read, written, moved or deleted (the same for every kind that has them). */
function branchCrossCases(kind: BranchKind, ownBranch: number, otherBranch: number, ownId: number, otherId: number): CrossCase[] {
  const route = (method: string, tail = '') => `${method} /api/${kind}/dashboard/branches/${tail}`;
  const owner = `${kind}_id`;
  return [
    { route: route('GET'), as: kind, why: 'own list', status: 200, check: listHas([ownBranch], [otherBranch]) },
    { route: route('GET'), as: kind, why: `the other ${kind} in the query`, query: `${owner}=${otherId}`, status: 400 },
    {
      route: route('POST'),
      as: kind,
      why: `a branch for the other ${kind}`,
      body: { name: 'Hijacked branch', [owner]: otherId },
      status: 400,
    },
    {
      route: route('PATCH', ':id/'),
      as: kind,
      why: "rename the other's branch",
      params: { id: otherBranch },
      body: { name: 'Hijacked' },
      status: 404,
    },
    {
      route: route('PATCH', ':id/'),
      as: kind,
      why: `move the other's branch to the own ${kind}`,
      params: { id: otherBranch },
      body: { [owner]: ownId },
      status: 400,
    },
    {
      route: route('PATCH', ':id/'),
      as: kind,
      why: `move the own branch to the other ${kind}`,
      params: { id: ownBranch },
      body: { [owner]: otherId },
      status: 400,
    },
    { route: route('DELETE', ':id/'), as: kind, why: "delete the other's branch", params: { id: otherBranch }, status: 404 },
  ];
}

/** A consultancy branch's counselling hours: the own branch's only. */
function branchHoursCases(ownBranch: number, otherBranch: number): CrossCase[] {
  const route = (method: string) => `${method} /api/consultancy/dashboard/counselling/branches/:id/hours/`;
  const week = { slot_minutes: 30, hours: [[], [], [], [], [], [], []] };
  return [
    { route: route('GET'), as: 'consultancy', why: "the other's branch", params: { id: otherBranch }, status: 404 },
    { route: route('GET'), as: 'consultancy', why: 'own branch', params: { id: ownBranch }, status: 200 },
    { route: route('PUT'), as: 'consultancy', why: "hours for the other's branch", params: { id: otherBranch }, body: week, status: 404 },
  ];
}

function crossCases(f: Fixtures): CrossCase[] {
  const { own, other } = f;
  const cases: CrossCase[] = [];
  cases.push(...caseworkCrossCases(f));
  // dashboards: the id a client sends is ignored; the profile read and changed is the caller's own
  for (const role of INSTITUTION_ROLES) {
    const ownId = own[role];
    const otherId = other[role];
    cases.push(
      {
        route: `GET /api/${role}/dashboard/`,
        as: role,
        why: 'id of the other in the query',
        query: `id=${otherId}`,
        status: 200,
        check: dashboardOf(ownId),
      },
      {
        route: `GET /api/${role}/dashboard/`,
        as: role,
        why: `${role}_id of the other in the query`,
        query: `${role}_id=${otherId}`,
        status: 200,
        check: dashboardOf(ownId),
      },
      {
        route: `PATCH /api/${role}/dashboard/update/`,
        as: role,
        why: 'id of the other in the query',
        query: `id=${otherId}`,
        body: { about: `Alpha about ${role}` },
        status: 200,
        check: ownUpdate(ownId, `Alpha about ${role}`),
      },
      {
        route: `PATCH /api/${role}/dashboard/update/`,
        as: role,
        why: 'id of the other in the body',
        body: { id: otherId, about: 'Hijacked' },
        status: 400,
      },
      {
        route: `PATCH /api/${role}/dashboard/update/`,
        as: role,
        why: `${role}_id of the other in the body`,
        body: { [`${role}_id`]: otherId, about: 'Hijacked' },
        status: 400,
      },
      { route: 'GET /api/analytics/mine/', as: role, why: 'the other id in the query', query: `institute_id=${otherId}`, status: 400 },
      // pageviews: one for the own institution, three for the other one
      { route: 'GET /api/analytics/mine/', as: role, why: 'counts only the own pageviews', status: 200, check: countIs(1) },
      {
        route: `PATCH /api/${role}/:id/update/`,
        as: role,
        why: 'the admin update of the other',
        params: { id: otherId },
        body: { about: 'Hijacked' },
        status: 403,
      },
      { route: `DELETE /api/${role}/:id/delete/`, as: role, why: 'the admin delete of the other', params: { id: otherId }, status: 403 },
    );
  }
  cases.push(
    // consultancy: applications, their documents and status, inquiries
    {
      route: 'GET /api/consultancy/dashboard/applications/',
      as: 'consultancy',
      why: 'own list',
      status: 200,
      check: listHas([own.application], [other.application]),
    },
    {
      route: 'GET /api/consultancy/dashboard/applications/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 400,
    },
    {
      route: 'GET /api/consultancy/dashboard/applications/',
      as: 'consultancy',
      why: 'search for the other tracking code',
      query: `search=${other.trackingCode}`,
      status: 200,
      check: countIs(0),
    },
    {
      route: 'POST /api/consultancy/dashboard/applications/:id/status/',
      as: 'consultancy',
      why: "move the other's application",
      params: { id: other.application },
      body: { status: 'counselling', note: 'Hijacked' },
      status: 404,
    },
    {
      route: 'GET /api/consultancy-application/:id/documents/:document/',
      as: 'consultancy',
      why: "the other's document",
      params: { id: other.application, document: other.document },
      status: 404,
    },
    {
      route: 'GET /api/consultancy-application/:id/documents/:document/',
      as: 'consultancy',
      why: "the other's document under the own application",
      params: { id: own.application, document: other.document },
      status: 404,
    },
    {
      route: 'GET /api/consultancy-application/:id/documents/:document/',
      as: 'consultancy',
      why: "the own document under the other's application",
      params: { id: other.application, document: own.document },
      status: 404,
    },
    // document requests (issue 26): the other's application does not exist to this consultancy
    ...(
      [
        ['GET /api/consultancy-application/:id/document-requests/', undefined],
        ['POST /api/consultancy-application/:id/document-requests/', { name: 'Passport', due_on: '2099-01-01' }],
        ['POST /api/consultancy-application/:id/document-requests/from-checklist/', { items: ['Passport'], due_on: '2099-01-01' }],
        ['POST /api/consultancy-application/:id/document-requests/:request/review/', { decision: 'accepted' }],
      ] as const
    ).map(([route, body]) => ({
      route,
      as: 'consultancy' as const,
      why: "the other's application",
      params: { id: other.application },
      ...(body ? { body } : {}),
      status: 404,
    })),
    // a checklist is the caller's own: no consultancy is named, only a destination
    {
      route: 'GET /api/consultancy/dashboard/checklists/:destination/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 404,
    },
    {
      route: 'PUT /api/consultancy/dashboard/checklists/:destination/',
      as: 'consultancy',
      why: 'the other consultancy in the body',
      body: { consultancy: other.consultancy, items: ['Hijacked'] },
      status: 400,
    },
    // an application's case (issue 26): the other's thread, payments and agreement do not exist for this consultancy
    ...(
      [
        ['GET /api/consultancy-application/:id/messages/', undefined],
        ['POST /api/consultancy-application/:id/messages/', { body: 'Hijacked' }],
        ['GET /api/consultancy-application/:id/messages/files/:file/', undefined],
        ['GET /api/consultancy-application/:id/payments/', undefined],
        ['POST /api/consultancy-application/:id/payments/', { purpose: 'Hijacked', amount_npr: 5, paid_on: '2026-01-01' }],
        ['PATCH /api/consultancy-application/:id/payments/:payment/', { receipt_number: 'Hijacked' }],
        ['PUT /api/consultancy-application/:id/agreement/', {}],
        ['GET /api/consultancy-application/:id/agreement/', undefined],
      ] as const
    ).map(([route, body]): CrossCase => ({
      route,
      as: 'consultancy',
      why: "the other's application",
      params: { id: other.application, file: 1, payment: 1 },
      ...(body ? { body } : {}),
      status: 404,
    })),
    { route: 'GET /api/consultancy/dashboard/inquiries/', as: 'consultancy', why: 'own list', status: 200, check: countIs(1) },
    {
      route: 'GET /api/consultancy/dashboard/inquiries/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 200,
      check: countIs(0),
    },
    {
      route: 'GET /api/consultancy/dashboard/inquiries/',
      as: 'consultancy',
      why: 'the other as entity in the query',
      query: `entity_type=consultancy&entity_id=${other.consultancy}`,
      status: 200,
      check: countIs(0),
    },
    // consultancy: complaints about it, never those about another
    {
      route: 'GET /api/consultancy/dashboard/complaints/',
      as: 'consultancy',
      why: 'own list',
      status: 200,
      check: listHas([own.complaint], [other.complaint]),
    },
    {
      route: 'GET /api/consultancy/dashboard/complaints/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 400,
    },
    {
      route: 'POST /api/consultancy/dashboard/complaints/:id/answer/',
      as: 'consultancy',
      why: "answer the other's complaint",
      params: { id: other.complaint },
      body: { message: 'Hijacked answer' },
      status: 404,
    },
    // consultancy: its counselling hours and sessions, never another's
    {
      route: 'GET /api/consultancy/dashboard/counselling/hours/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy_id=${other.consultancy}`,
      status: 400,
    },
    {
      route: 'PUT /api/consultancy/dashboard/counselling/hours/',
      as: 'consultancy',
      why: 'hours for the other consultancy',
      body: { consultancy_id: other.consultancy, slot_minutes: 30, hours: [[], [], [], [], [], [], []] },
      status: 400,
    },
    {
      route: 'GET /api/consultancy/dashboard/counselling/bookings/',
      as: 'consultancy',
      why: 'own sessions',
      status: 200,
      check: listHas([own.booking], [other.booking]),
    },
    {
      route: 'GET /api/consultancy/dashboard/counselling/bookings/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 400,
    },
    {
      route: 'POST /api/consultancy/dashboard/counselling/bookings/:id/mark/',
      as: 'consultancy',
      why: "mark the other's session",
      params: { id: other.booking },
      body: { status: 'no_show' },
      status: 404,
    },
    // consultancy: its licence and the licence document
    {
      route: 'GET /api/consultancy/dashboard/licence/',
      as: 'consultancy',
      why: 'own licences',
      status: 200,
      check: (res) =>
        JSON.stringify(res.json().licences.map((x: { id: number }) => x.id)) === JSON.stringify([own.licence])
          ? undefined
          : `licences ${res.body.slice(0, 120)}`,
    },
    {
      route: 'GET /api/consultancy/dashboard/licence/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy_id=${other.consultancy}`,
      status: 200,
      check: (res) =>
        res.json().licences.every((x: { consultancy_id: number }) => x.consultancy_id === own.consultancy)
          ? undefined
          : 'shows another consultancy’s licence',
    },
    {
      route: 'POST /api/consultancy/dashboard/licence/',
      as: 'consultancy',
      why: 'a licence for the other consultancy',
      body: { ...LICENCE, consultancy_id: other.consultancy },
      status: 400,
    },
    {
      route: 'GET /api/consultancy-licence/:id/document/',
      as: 'consultancy',
      why: "the other's licence document",
      params: { id: other.licence },
      status: 404,
    },
    // consultancy: reviews of it and its one reply
    {
      route: 'GET /api/consultancy/dashboard/reviews/',
      as: 'consultancy',
      why: 'own list',
      status: 200,
      check: listHas([own.review], [other.review]),
    },
    {
      route: 'GET /api/consultancy/dashboard/reviews/',
      as: 'consultancy',
      why: 'the other consultancy in the query',
      query: `consultancy=${other.consultancy}`,
      status: 400,
    },
    {
      route: 'POST /api/consultancy/dashboard/reviews/:id/reply/',
      as: 'consultancy',
      why: "reply to the other's review",
      params: { id: other.review },
      body: { reply: 'Hijacked reply' },
      status: 404,
    },
    // the site's build status is the same for everyone and names no institution
    {
      route: 'GET /api/site/status/',
      as: 'college',
      why: 'the other college in the query',
      query: `college_id=${other.college}`,
      status: 200,
      check: (res) => (Object.keys(res.json()).sort().join() === 'content_version,runner' ? undefined : `unexpected fields: ${res.body}`),
    },
    // branches of every kind that has them, and a consultancy branch's counselling hours
    ...BRANCH_KINDS.flatMap((kind) => branchCrossCases(kind, own.branches[kind].branch, other.branches[kind], own[kind], other[kind])),
    ...branchHoursCases(own.branches.consultancy.branch, other.branches.consultancy),
    // college: inquiries
    { route: 'GET /api/college/dashboard/inquiries/', as: 'college', why: 'own list', status: 200, check: countIs(1) },
    {
      route: 'GET /api/college/dashboard/inquiries/',
      as: 'college',
      why: 'the other college in the query',
      query: `entity_id=${other.college}`,
      status: 400,
    },
    // university: courses, and confirming its own fees and intakes
    {
      route: 'POST /api/university/dashboard/still-correct/',
      as: 'university',
      why: 'confirms the own values',
      status: 200,
      check: dashboardOf(own.university),
    },
    {
      route: 'POST /api/university/dashboard/still-correct/',
      as: 'university',
      why: 'the other university in the query',
      query: `id=${other.university}`,
      status: 400,
    },
    {
      route: 'GET /api/university/dashboard/courses/',
      as: 'university',
      why: 'own list',
      status: 200,
      check: listHas([own.course], [other.course]),
    },
    {
      route: 'GET /api/university/dashboard/courses/',
      as: 'university',
      why: 'the other university in the query',
      query: `university_id=${other.university}`,
      status: 400,
    },
    {
      route: 'GET /api/university/dashboard/courses/',
      as: 'university',
      why: "search for the other's course",
      query: 'search=Zeta',
      status: 200,
      check: countIs(0),
    },
    {
      route: 'PATCH /api/course/:id/update/',
      as: 'university',
      why: "the admin update of the other's course",
      params: { id: other.course },
      body: { name: 'Hijacked' },
      status: 403,
    },
  );
  return cases;
}

/** Staff and case work (issue 26): the other consultancy's staff, invitations and applications do not exist for the caller. */
function caseworkCrossCases({ own, other }: Fixtures): CrossCase[] {
  const as = 'consultancy';
  const app = (route: string, body?: Record<string, unknown>): CrossCase => ({
    route,
    as,
    why: "the other's application",
    params: { id: other.application },
    ...(body ? { body } : {}),
    status: 404,
  });
  return [
    { route: 'GET /api/consultancy/dashboard/staff/', as, why: 'own staff', status: 200, check: listHas([own.staff], [other.staff]) },
    {
      route: 'GET /api/consultancy/dashboard/staff/invitations/',
      as,
      why: 'own invitations',
      status: 200,
      check: listHas([own.invitation], [other.invitation]),
    },
    {
      route: 'POST /api/consultancy/dashboard/staff/invitations/',
      as,
      why: 'the other consultancy in the body',
      body: { email: 'x@example.com', consultancy: other.consultancy },
      status: 400,
    },
    {
      route: 'DELETE /api/consultancy/dashboard/staff/invitations/:id/',
      as,
      why: "the other's invitation",
      params: { id: other.invitation },
      status: 404,
    },
    { route: 'DELETE /api/consultancy/dashboard/staff/:id/', as, why: "the other's account", params: { id: other.staff }, status: 404 },
    app('PUT /api/consultancy/dashboard/applications/:id/counsellor/', { counsellor: null }),
    app('PUT /api/consultancy/dashboard/applications/:id/follow-up/', { follow_up_on: '2026-01-01' }),
    app('GET /api/consultancy/dashboard/applications/:id/notes/'),
    app('POST /api/consultancy/dashboard/applications/:id/notes/', { body: 'Hijacked' }),
    app('GET /api/consultancy/dashboard/applications/:id/'),
    { route: 'GET /api/consultancy/dashboard/applications/stages/', as, why: 'own counts', status: 200, check: countIs(1) },
    { route: 'GET /api/consultancy/dashboard/applications/export/', as, why: 'own applications only', status: 200 },
  ];
}

/**
 * The own institution's requests with the right ids: the same routes answer 2xx, so the refusals
 * above come from the ownership rule and not from a malformed request.
 */
function ownControls(f: Fixtures): CrossCase[] {
  const { own } = f;
  return [
    {
      route: 'GET /api/consultancy-application/:id/documents/:document/',
      as: 'consultancy',
      why: 'own document',
      params: { id: own.application, document: own.document },
      status: 200,
    },
    {
      route: 'GET /api/consultancy-licence/:id/document/',
      as: 'consultancy',
      why: 'own licence document',
      params: { id: own.licence },
      status: 200,
    },
    {
      route: 'POST /api/consultancy/dashboard/applications/:id/status/',
      as: 'consultancy',
      why: 'own application',
      params: { id: own.application },
      body: { status: 'counselling', note: 'Own move' },
      status: 200,
    },
    {
      route: 'POST /api/consultancy/dashboard/reviews/:id/reply/',
      as: 'consultancy',
      why: 'own review',
      params: { id: own.review },
      body: { reply: 'Own reply' },
      status: 200,
    },
    ...BRANCH_KINDS.flatMap((kind): CrossCase[] => [
      {
        route: `PATCH /api/${kind}/dashboard/branches/:id/`,
        as: kind,
        why: 'own branch',
        params: { id: own.branches[kind].branch },
        body: { name: 'Alpha branch renamed' },
        status: 200,
      },
      {
        route: `DELETE /api/${kind}/dashboard/branches/:id/`,
        as: kind,
        why: 'own branch',
        params: { id: own.branches[kind].spare },
        status: 200,
      },
      { route: `POST /api/${kind}/dashboard/branches/`, as: kind, why: 'own new branch', body: { name: 'Alpha branch new' }, status: 201 },
    ]),
    {
      route: 'PUT /api/consultancy/dashboard/counselling/branches/:id/hours/',
      as: 'consultancy',
      why: 'own branch',
      params: { id: own.branches.consultancy.branch },
      body: { slot_minutes: 30, hours: [[{ opens: '10:00', closes: '12:00' }], [], [], [], [], [], []] },
      status: 200,
    },
    {
      route: 'POST /api/consultancy/dashboard/complaints/:id/answer/',
      as: 'consultancy',
      why: 'own complaint',
      params: { id: own.complaint },
      body: { message: 'Our answer' },
      status: 201,
    },
  ];
}

describe.each(engines)('permission matrix on %s', (engine) => {
  let t: TestApp;
  let f: Fixtures;
  const headers: Record<Caller, Record<string, string>> = { anonymous: {} } as Record<Caller, Record<string, string>>;

  const call = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });

  async function institution(prefix: string): Promise<Institution> {
    const db = t.database.db;
    const slug = `${prefix.toLowerCase()}-${engine}`;
    const [consultancy] = await db
      .insert(consultancies)
      .values({ name: `${prefix} Consultancy`, slug: `${slug}-consultancy` })
      .returning();
    const [college] = await db
      .insert(colleges)
      .values({ name: `${prefix} College`, slug: `${slug}-college` })
      .returning();
    const [university] = await db
      .insert(universities)
      .values({ name: `${prefix} University`, slug: `${slug}-university` })
      .returning();
    const owner = await tokenFor(t, 'consultancy', { consultancy_id: consultancy!.id });
    const invited = await call({
      method: 'POST',
      url: '/api/consultancy/dashboard/staff/invitations/',
      headers: owner.auth,
      payload: { email: `${prefix.toLowerCase()}.counsellor@example.com` },
    });
    return {
      consultancy: consultancy!.id,
      staff: owner.id,
      invitation: invited.json().id,
      college: college!.id,
      university: university!.id,
      auth: {
        consultancy: owner.auth,
        college: (await tokenFor(t, 'college', { college_id: college!.id })).auth,
        university: (await tokenFor(t, 'university', { university_id: university!.id })).auth,
      },
    };
  }

  /** An application through the public form, with one PDF, and its ids. */
  async function apply(consultancy: number, who: string) {
    const form = multipart(
      {
        consultancy: String(consultancy),
        full_name: `${who} Applicant`,
        email: `${who.toLowerCase()}.applicant@example.com`,
        phone: '+977 9800000000',
      },
      [{ field: 'documents', filename: `${who}-transcript.pdf`, data: samplePdf, type: 'application/pdf' }],
    );
    const res = await call({ method: 'POST', url: '/api/consultancy-application/submit/', ...form });
    expect(res.statusCode, res.body).toBe(201);
    const trackingCode = (res.json() as { tracking_code: string }).tracking_code;
    const db = t.database.db;
    const [row] = await db
      .select({ id: consultancyApplications.id, code: consultancyApplications.tracking_code })
      .from(consultancyApplications)
      .where(eq(consultancyApplications.consultancy_id, consultancy));
    const [doc] = await db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.application_id, row!.id));
    return { application: row!.id, document: doc!.id, trackingCode: row!.code ?? trackingCode };
  }

  /** A licence submitted through the consultancy's dashboard, with its document; its id. */
  async function submitLicence(auth: Record<string, string>, number: string) {
    const form = multipart({ ...LICENCE, permission_number: number }, [
      { field: 'document', filename: 'permission.pdf', data: samplePdf, type: 'application/pdf' },
    ]);
    const res = await call({
      method: 'POST',
      url: '/api/consultancy/dashboard/licence/',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  async function inquire(payload: Record<string, unknown>) {
    const res = await call({
      method: 'POST',
      url: '/api/inquiry/submit/',
      payload: { phone: '+977 9811111111', message: 'Hello', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  /** A counselling session of an inquiry that has begun (so it may be marked), and its id. */
  async function counselled(consultancy: number, inquiry: number, reference: string) {
    const starts = Date.now() - 10 * 60_000;
    const [row] = await t.database.db
      .insert(counsellingBookings)
      .values({
        reference,
        token_hash: reference,
        consultancy_id: consultancy,
        inquiry_id: inquiry,
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + 30 * 60_000).toISOString(),
      })
      .returning({ id: counsellingBookings.id });
    return row!.id;
  }

  /** A complaint about a consultancy through the public form, and its id. */
  async function complain(consultancy: number, who: string) {
    const form = multipart({
      name: `${who} Complainant`,
      email: `${who.toLowerCase()}.complainant@example.com`,
      consultancy: String(consultancy),
      subject: `${who} complaint`,
      message: `${who}: fees were never refunded.`,
    });
    const res = await call({ method: 'POST', url: '/api/complaint/submit/', ...form });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  async function branch(kind: BranchKind, auth: Record<string, string>, name: string) {
    const res = await call({ method: 'POST', url: `/api/${kind}/dashboard/branches/`, headers: auth, payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  /** Everything of the second institution, read straight from the database. */
  async function otherState() {
    const db = t.database.db;
    const { other } = f;
    const apps = await db
      .select()
      .from(consultancyApplications)
      .where(eq(consultancyApplications.consultancy_id, other.consultancy))
      .orderBy(consultancyApplications.id);
    const appIds = apps.map((a) => a.id);
    return {
      consultancy: await db.select().from(consultancies).where(eq(consultancies.id, other.consultancy)),
      college: await db.select().from(colleges).where(eq(colleges.id, other.college)),
      university: await db.select().from(universities).where(eq(universities.id, other.university)),
      applications: apps,
      history: await db
        .select()
        .from(applicationStatusHistory)
        .where(inArray(applicationStatusHistory.application_id, appIds))
        .orderBy(applicationStatusHistory.id),
      documents: await db
        .select()
        .from(applicationDocuments)
        .where(inArray(applicationDocuments.application_id, appIds))
        .orderBy(applicationDocuments.id),
      branches: await db.select().from(collegeBranches).where(eq(collegeBranches.college_id, other.college)).orderBy(collegeBranches.id),
      consultancyBranches: await db
        .select()
        .from(consultancyBranches)
        .where(eq(consultancyBranches.consultancy_id, other.consultancy))
        .orderBy(consultancyBranches.id),
      branchHours: await db.select().from(branchCounsellingHours).where(eq(branchCounsellingHours.branch_id, other.branches.consultancy)),
      inquiries: await db
        .select()
        .from(inquiries)
        .where(
          or(
            eq(inquiries.consultancy_id, other.consultancy),
            and(eq(inquiries.entity_type, 'college'), eq(inquiries.entity_id, other.college)),
          ),
        )
        .orderBy(inquiries.id),
      courses: await db.select().from(courses).where(eq(courses.university_id, other.university)).orderBy(courses.id),
      complaints: await db.select().from(complaints).where(eq(complaints.consultancy_id, other.consultancy)),
      complaintEvents: await db
        .select()
        .from(complaintEvents)
        .where(eq(complaintEvents.complaint_id, f.other.complaint))
        .orderBy(complaintEvents.id),
      licences: await db
        .select()
        .from(consultancyLicences)
        .where(eq(consultancyLicences.consultancy_id, other.consultancy))
        .orderBy(consultancyLicences.id),
      reviews: await db
        .select()
        .from(consultancyReviews)
        .where(eq(consultancyReviews.consultancy_id, other.consultancy))
        .orderBy(consultancyReviews.id),
    };
  }

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const db = t.database.db;
    const own = await institution('Alpha');
    const other = await institution('Zeta');
    headers.student = (await tokenFor(t, 'student')).auth;
    headers.admin = (await tokenFor(t, 'admin')).auth;
    for (const role of INSTITUTION_ROLES) headers[role] = own.auth[role];

    const ownApplication = await apply(own.consultancy, 'Alpha');
    const otherApplication = await apply(other.consultancy, 'Zeta');
    const ownInquiry = await inquire({
      name: 'Alpha Asker',
      email: 'alpha.consultancy@example.com',
      entity_type: 'consultancy',
      entity_id: own.consultancy,
      consultancy: own.consultancy,
    });
    const otherInquiry = await inquire({
      name: 'Zeta Asker',
      email: 'zeta.consultancy@example.com',
      entity_type: 'consultancy',
      entity_id: other.consultancy,
      consultancy: other.consultancy,
    });
    await inquire({ name: 'Alpha Asker', email: 'alpha.college@example.com', entity_type: 'college', entity_id: own.college });
    await inquire({ name: 'Zeta Asker', email: 'zeta.college@example.com', entity_type: 'college', entity_id: other.college });
    const ownBranches = {} as Record<BranchKind, { branch: number; spare: number }>;
    const otherBranches = {} as Record<BranchKind, number>;
    for (const kind of BRANCH_KINDS) {
      ownBranches[kind] = {
        branch: await branch(kind, own.auth[kind], 'Alpha branch'),
        spare: await branch(kind, own.auth[kind], 'Alpha spare branch'),
      };
      otherBranches[kind] = await branch(kind, other.auth[kind], 'Zeta branch');
    }
    // the other consultancy's branch has hours, so a write to them would show
    await t.database.db.insert(branchCounsellingHours).values({
      branch_id: otherBranches.consultancy,
      slot_minutes: 30,
      hours: [[{ opens: '10:00', closes: '12:00' }], [], [], [], [], [], []],
    });
    const [ownCourse] = await db
      .insert(courses)
      .values({ name: 'Alpha Course', slug: `alpha-course-${engine}`, level: 'bachelor', university_id: own.university })
      .returning();
    const [otherCourse] = await db
      .insert(courses)
      .values({ name: 'Zeta Course', slug: `zeta-course-${engine}`, level: 'bachelor', university_id: other.university })
      .returning();
    // one review of each consultancy, as if written after it acted (the rule itself is tests/api/reviews.api.test.ts's)
    const [ownReview, otherReview] = await db
      .insert(consultancyReviews)
      .values(
        [ownApplication, otherApplication].map((a, i) => ({
          application_id: a.application,
          consultancy_id: i ? other.consultancy : own.consultancy,
          honesty: 4,
          responsiveness: 4,
          visa_guidance: 4,
          text: `${i ? 'Zeta' : 'Alpha'} review: clear about every cost.`,
        })),
      )
      .returning({ id: consultancyReviews.id });
    for (const role of INSTITUTION_ROLES) {
      await db
        .insert(pageviews)
        .values([
          { institute_type: role, institute_id: own[role], session_id: `own-${role}`, path: '/a' },
          ...[1, 2, 3].map((n) => ({ institute_type: role, institute_id: other[role], session_id: `other-${role}-${n}`, path: '/z' })),
        ]);
    }
    const ownLicence = await submitLicence(own.auth.consultancy, 'ALPHA-1');
    const otherLicence = await submitLicence(other.auth.consultancy, 'ZETA-1');
    f = {
      own: {
        ...own,
        ...ownApplication,
        branches: ownBranches,
        course: ownCourse!.id,
        complaint: await complain(own.consultancy, 'Alpha'),
        licence: ownLicence,
        review: ownReview!.id,
        booking: await counselled(own.consultancy, ownInquiry, 'S-AAAAAA'),
      },
      other: {
        ...other,
        ...otherApplication,
        branches: otherBranches,
        course: otherCourse!.id,
        complaint: await complain(other.consultancy, 'Zeta'),
        licence: otherLicence,
        review: otherReview!.id,
        booking: await counselled(other.consultancy, otherInquiry, 'S-ZZZZZZ'),
      },
      otherMarkers: ['Zeta', 'zeta', otherApplication.trackingCode],
    };
  });
  afterAll(() => t?.close());

  it('has an entry for every route of the app, and no entry without a route', () => {
    const actual = t.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(EXPECTED).sort());
  });

  it('declares on every route the access the table expects', () => {
    for (const route of t.app.routeList) {
      const declared = Array.isArray(route.access) ? [...route.access].sort().join(',') : String(route.access);
      expect(declared, `${route.method} ${route.url}`).toBe(EXPECTED[`${route.method} ${route.url}`]?.access);
    }
  });

  // every route times every caller: the walk grows with the API (44 s on two busy cores)
  it('answers every route, for every caller, with the status the table expects', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const route of t.app.routeList) {
      const expected = EXPECTED[`${route.method} ${route.url}`]!;
      for (const caller of CALLERS) {
        cases += 1;
        const res = await call({
          method: route.method as 'GET',
          url: fill(route.url) + (expected.query ? `?${expected.query}` : ''),
          headers: headers[caller],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = allowed(expected.access, caller) ? expected.allowed : caller === 'anonymous' ? 401 : 403;
        const problem = res.statusCode !== want ? `${res.statusCode} (expected ${want})` : problemOf(res);
        if (problem) failures.push(`${caller} ${route.method} ${route.url}: ${problem} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBe(t.app.routeList.length * CALLERS.length);
  });

  it('refuses an ordering it does not know with 400 on every list, never a 500 (__proto__ included)', async () => {
    const failures: string[] = [];
    let lists = 0;
    for (const route of t.app.routeList) {
      const expected = EXPECTED[`${route.method} ${route.url}`]!;
      if (route.method !== 'GET' || route.url.includes(':') || expected.allowed !== 200) continue;
      const caller = CALLERS.find((c) => allowed(expected.access, c))!;
      const base = `${route.url}?${expected.query ? `${expected.query}&` : ''}`;
      const plain = bodyOf(await call({ method: 'GET', url: base, headers: headers[caller] })) as { results?: unknown } | unknown[];
      if (!Array.isArray(plain) && !Array.isArray((plain as { results?: unknown })?.results)) continue;
      lists += 1;
      for (const key of ['__proto__', '-__proto__', 'constructor', 'toString', 'hasOwnProperty', 'no_such_field']) {
        const res = await call({ method: 'GET', url: `${base}ordering=${encodeURIComponent(key)}`, headers: headers[caller] });
        if (res.statusCode !== 400 || problemOf(res))
          failures.push(`${route.url}?ordering=${key}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(lists).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it(
    'never lets an institution account read or change another institution through any route it may call',
    { timeout: 180_000 },
    async () => {
      const cases = crossCases(f);
      // every route an institution account may call has at least one case
      const institutionRoutes = Object.entries(EXPECTED)
        .filter(([, e]) => INSTITUTION_ROLES.some((role) => e.access.split(',').includes(role)))
        .map(([route]) => route);
      const covered = new Set(cases.map((c) => c.route));
      expect(institutionRoutes.filter((route) => !covered.has(route))).toEqual([]);

      const failures: string[] = [];
      for (const c of cases) {
        const [method, pattern] = c.route.split(' ') as [string, string];
        if (!EXPECTED[c.route]) failures.push(`${c.route}: no such route in the table`);
        const before = await otherState();
        const res = await call({
          method: method as 'GET',
          url: fill(pattern, c.params) + (c.query ? `?${c.query}` : ''),
          headers: f.own.auth[c.as],
          ...(c.body ? { payload: c.body } : {}),
        });
        const label = `${c.as} ${c.route} (${c.why})`;
        const problem =
          res.statusCode !== c.status
            ? `${res.statusCode} (expected ${c.status}) ${res.body.slice(0, 160)}`
            : (problemOf(res) ?? c.check?.(res));
        if (problem) failures.push(`${label}: ${problem}`);
        const leaked = f.otherMarkers.filter((m) => res.body.includes(m));
        if (leaked.length) failures.push(`${label}: the answer shows the other institution's ${leaked.join(', ')}`);
        const after = await otherState();
        try {
          expect(after).toEqual(before);
        } catch {
          failures.push(`${label}: the other institution's rows changed`);
        }
      }
      expect(failures).toEqual([]);
      // all of the other institution's rows are still there, as made
      const state = await otherState();
      expect(state.applications.map((a) => a.status)).toEqual(['submitted']);
      expect(state.history).toHaveLength(1);
      expect(state.documents.map((d) => d.id)).toEqual([f.other.document]);
      expect(state.branches.map((b) => [b.id, b.name])).toEqual([[f.other.branches.college, 'Zeta branch']]);
      expect(state.consultancyBranches.map((b) => [b.id, b.name])).toEqual([[f.other.branches.consultancy, 'Zeta branch']]);
      expect(state.branchHours).toHaveLength(1);
      expect(state.inquiries).toHaveLength(2);
      expect(state.courses.map((c) => c.id)).toEqual([f.other.course]);
      expect(state.complaints.map((c) => [c.id, c.first_answer_at])).toEqual([[f.other.complaint, null]]);
      expect(state.complaintEvents.map((e) => e.kind)).toEqual(['submitted']);
      expect(state.licences.map((x) => [x.id, x.status])).toEqual([[f.other.licence, 'pending']]);
      for (const row of [state.consultancy[0]!, state.college[0]!, state.university[0]!]) expect(row.about).toBe('');
    },
  );

  it('lets each institution do the same with its own ids, so the refusals come from ownership', async () => {
    const failures: string[] = [];
    const before = await otherState();
    for (const c of ownControls(f)) {
      const [method, pattern] = c.route.split(' ') as [string, string];
      const res = await call({
        method: method as 'GET',
        url: fill(pattern, c.params),
        headers: f.own.auth[c.as],
        ...(c.body ? { payload: c.body } : {}),
      });
      if (res.statusCode !== c.status)
        failures.push(`${c.as} ${c.route} (${c.why}): ${res.statusCode} (expected ${c.status}) ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(await otherState()).toEqual(before);
    // and an admin reaches the other's document, which the first consultancy was told does not exist
    const doc = await call({
      url: fill('/api/consultancy-application/:id/documents/:document/', { id: f.other.application, document: f.other.document }),
      headers: headers.admin,
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.equals(samplePdf)).toBe(true);
  });
});
