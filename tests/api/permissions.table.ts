/**
 * What each API route answers to each caller. The permission test walks the app's own route table
 * (`app.routeList`) against this: a route missing here, an entry without a route, or a route declared
 * with other access than the entry fails it.
 *
 * `access` is who may call the route: 'public', 'optional' (anyone; a token is read when sent),
 * 'user' (any signed-in account) or the roles allowed, sorted and comma-joined. A caller refused by
 * it must get exactly 401 (anonymous) or 403 (signed in without the role).
 *
 * `allowed` is the exact status every allowed caller gets for the walk's request, which is
 * deliberately dummy: every path id is 999999 (no such row → 404), a tracking code that exists
 * nowhere (→ 404), and `{}` as the JSON body of every POST, PATCH and PUT (a required field missing
 * → 400; an update of nothing → 200). `query` is the query string the walk sends, for a route that
 * cannot answer without one. An allowed caller never gets 401, 403 or a 5xx.
 */
import { entities, entityPaths, writeAccess, type EntityDeclaration } from '../../src/lib/contract/index.ts';

export interface RouteExpectation {
  access: string;
  allowed: number;
  query?: string;
}

const e = (access: string, allowed: number, query?: string): RouteExpectation => ({ access, allowed, ...(query ? { query } : {}) });

/**
 * The generic routes of every declared entity, at the paths its declaration spells (SPEC §7's):
 * reads public unless only admins list it, writes for `access` (admins by default). A new entity's
 * routes are walked without an edit here; the walk still checks that each answers as declared.
 */
function entityExpectations(): Record<string, RouteExpectation> {
  const out: Record<string, RouteExpectation> = {};
  for (const decl of Object.values(entities) as EntityDeclaration[]) {
    const paths = entityPaths(decl);
    const read = paths.publicList ? 'public' : 'admin';
    const write = [...writeAccess(decl)].sort().join(',');
    out[`GET /api/${paths.publicList ?? paths.adminList}/`] = e(read, 200);
    if (paths.publicList && paths.adminList !== paths.publicList) out[`GET /api/${paths.adminList}/`] = e('admin', 200);
    out[`GET /api/${paths.one}/`] = e(read, 404);
    if (paths.dropdown) out[`GET /api/${paths.dropdown}/`] = e('public', 200);
    out[`POST /api/${paths.create}/`] = e(write, 400);
    out[`PATCH /api/${paths.update}/`] = e(write, 404);
    out[`DELETE /api/${paths.remove}/`] = e(write, 404);
    out[`GET /api/${paths.uses}/`] = e(write, 404);
    if (paths.confirm) out[`POST /api/${paths.confirm}/`] = e(write, 404);
  }
  return out;
}

export const EXPECTED: Record<string, RouteExpectation> = {
  ...entityExpectations(),
  'GET /api/site-settings/': e('public', 200),
  'PATCH /api/site-settings/update/': e('admin', 200),
  'GET /api/leads/modal-settings/': e('public', 200),
  'PATCH /api/leads/modal-settings/update/': e('admin', 200),
  'GET /api/ads/': e('public', 200, 'placement=banner'),
  'GET /api/search/': e('public', 200, 'q=nursing'),
  'GET /api/consultancy/dashboard/': e('consultancy', 200),
  'PATCH /api/consultancy/dashboard/update/': e('consultancy', 200),
  'GET /api/college/dashboard/': e('college', 200),
  'PATCH /api/college/dashboard/update/': e('college', 200),
  'GET /api/university/dashboard/': e('university', 200),
  'PATCH /api/university/dashboard/update/': e('university', 200),
  'GET /api/university/dashboard/courses/': e('university', 200),
  'POST /api/university/dashboard/still-correct/': e('university', 200),
  'GET /api/reports/stale/': e('admin', 200),
  'GET /api/college/dashboard/inquiries/': e('college', 200),
  'GET /api/college/dashboard/branches/': e('college', 200),
  'POST /api/college/dashboard/branches/': e('college', 400),
  'PATCH /api/college/dashboard/branches/:id/': e('college', 404),
  'DELETE /api/college/dashboard/branches/:id/': e('college', 404),
  'GET /api/college/:id/branches/': e('public', 200),
  'GET /api/branches/college/': e('public', 200),
  'GET /api/consultancy/dashboard/branches/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/branches/': e('consultancy', 400),
  'PATCH /api/consultancy/dashboard/branches/:id/': e('consultancy', 404),
  'DELETE /api/consultancy/dashboard/branches/:id/': e('consultancy', 404),
  'GET /api/consultancy/:id/branches/': e('public', 200),
  'GET /api/branches/consultancy/': e('public', 200),
  'GET /api/analytics/summary/': e('admin', 200),
  'GET /api/analytics/mine/': e('college,consultancy,university', 200),
  'POST /api/auth/login/': e('public', 400),
  'POST /api/auth/register/': e('public', 400),
  'POST /api/auth/verify/': e('public', 400),
  'POST /api/auth/refresh/': e('public', 400),
  'POST /api/auth/logout/': e('public', 400),
  'POST /api/auth/password-reset/': e('public', 400),
  'POST /api/auth/password-reset/confirm/': e('public', 400),
  'GET /api/auth/me/': e('user', 200),
  'GET /api/auth/shortlist/': e('user', 200),
  'POST /api/auth/shortlist/': e('user', 400),
  'DELETE /api/auth/shortlist/:entity/:id/': e('user', 400),
  'GET /api/auth/deadline-reminders/': e('user', 200),
  'PUT /api/auth/deadline-reminders/': e('user', 400),
  'GET /api/deadline-reminders/unsubscribe/': e('public', 400),
  'POST /api/deadline-reminders/unsubscribe/': e('public', 400),
  'GET /api/auth/plan-ticks/': e('user', 200),
  'POST /api/auth/plan-ticks/': e('user', 400),
  'PUT /api/auth/plan-ticks/:destination/': e('user', 400),
  'GET /api/auth/profile/': e('user', 200),
  'POST /api/auth/profile/': e('user', 200),
  'GET /api/auth/users/': e('admin', 200),
  'GET /api/auth/users/:id/': e('admin', 404),
  'POST /api/auth/users/create/': e('admin', 400),
  'PUT /api/auth/users/:id/': e('admin', 404),
  'GET /api/outbox/admin/': e('admin', 200),
  'GET /api/outbox/admin/:id/': e('admin', 404),
  'POST /api/outbox/admin/:id/retry/': e('admin', 404),
  'GET /api/forum/categories/': e('public', 200),
  'GET /api/forum/questions/': e('optional', 200),
  'GET /api/forum/questions/trending/': e('optional', 200),
  'GET /api/forum/questions/my/': e('user', 200),
  'GET /api/forum/questions/:id/': e('optional', 404),
  'POST /api/forum/questions/': e('user', 400),
  'PATCH /api/forum/questions/:id/': e('user', 404),
  'POST /api/forum/questions/:id/reply/': e('user', 400),
  'POST /api/forum/questions/:id/like/': e('user', 404),
  'PATCH /api/forum/replies/:id/': e('user', 400),
  'PATCH /api/forum/questions/:id/moderate/': e('admin', 400),
  'DELETE /api/forum/questions/:id/': e('user', 404),
  'POST /api/forum/questions/:id/accept/': e('user', 404),
  'POST /api/forum/questions/:id/report/': e('user', 400),
  'POST /api/forum/replies/:id/report/': e('user', 400),
  'GET /api/forum/replies/': e('public', 200),
  'GET /api/forum/moderation/': e('admin', 200),
  'PATCH /api/forum/replies/:id/moderate/': e('admin', 400),
  'DELETE /api/forum/replies/:id/': e('user', 404),
  'POST /api/consultancy-application/submit/': e('public', 400),
  'GET /api/consultancy-application/check/:code/': e('public', 404),
  'PATCH /api/consultancy-application/edit/:code/': e('public', 404),
  'PUT /api/consultancy-application/notifications/:code/': e('public', 400),
  'GET /api/consultancy-application/admin/': e('admin', 200),
  'GET /api/consultancy-application/:id/documents/:document/': e('admin,consultancy', 404),
  'GET /api/consultancy-application/case/:code/messages/': e('public', 404),
  'POST /api/consultancy-application/case/:code/messages/': e('public', 404),
  'GET /api/consultancy-application/case/:code/messages/files/:file/': e('public', 404),
  'GET /api/consultancy-application/case/:code/payments/': e('public', 404),
  'POST /api/consultancy-application/case/:code/payments/:payment/confirm/': e('public', 404),
  'POST /api/consultancy-application/case/:code/payments/:payment/dispute/': e('public', 400),
  'GET /api/consultancy-application/case/:code/agreement/': e('public', 404),
  'GET /api/consultancy-application/:id/messages/': e('admin,consultancy', 404),
  'POST /api/consultancy-application/:id/messages/': e('consultancy', 404),
  'GET /api/consultancy-application/:id/messages/files/:file/': e('admin,consultancy', 404),
  'GET /api/consultancy-application/:id/payments/': e('admin,consultancy', 404),
  'POST /api/consultancy-application/:id/payments/': e('consultancy', 400),
  'PATCH /api/consultancy-application/:id/payments/:payment/': e('consultancy', 400),
  'PUT /api/consultancy-application/:id/agreement/': e('consultancy', 404),
  'GET /api/consultancy-application/:id/agreement/': e('admin,consultancy', 404),
  'GET /api/payments/admin/flagged/': e('admin', 200),
  'GET /api/consultancy/dashboard/applications/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/applications/:id/status/': e('consultancy', 400),
  'GET /api/consultancy-application/:id/document-requests/': e('admin,consultancy', 404),
  'POST /api/consultancy-application/:id/document-requests/': e('admin,consultancy', 400),
  'POST /api/consultancy-application/:id/document-requests/from-checklist/': e('admin,consultancy', 400),
  'POST /api/consultancy-application/:id/document-requests/:request/review/': e('admin,consultancy', 400),
  'GET /api/consultancy-application/documents/:code/': e('public', 404),
  'POST /api/consultancy-application/documents/:code/:request/upload/': e('public', 404),
  'GET /api/consultancy-application/documents/:code/:request/files/:file/': e('public', 404),
  'GET /api/consultancy-application/export/:code/': e('public', 404),
  'POST /api/consultancy-application/erase/:code/': e('public', 400),
  'GET /api/consultancy-application/erasures/': e('admin', 200),
  'GET /api/consultancy/dashboard/checklists/:destination/': e('consultancy', 404),
  'PUT /api/consultancy/dashboard/checklists/:destination/': e('consultancy', 400),
  'POST /api/consultancy-application/admin/:id/status/': e('admin', 400),
  'POST /api/consultancy-application/confirm/:code/': e('public', 400),
  'GET /api/consultancy-application/outcomes/': e('public', 200),
  'POST /api/complaint/submit/': e('public', 400),
  'POST /api/inquiry/submit/': e('public', 400),
  'POST /api/analytics/pageview/': e('public', 400),
  'GET /api/complaint/admin/': e('admin', 200),
  'GET /api/complaint/:id/evidence/': e('admin', 404),
  'PATCH /api/complaint/:id/status/': e('admin', 400),
  'GET /api/complaint/track/:code/': e('public', 404),
  'POST /api/complaint/track/:code/reply/': e('public', 400),
  'GET /api/complaint/records/': e('public', 200),
  'GET /api/consultancy/dashboard/complaints/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/complaints/:id/answer/': e('consultancy', 400),
  'GET /api/inquiry/admin/all/': e('admin', 200),
  'GET /api/site/status/': e('admin,college,consultancy,university', 200),
  'GET /api/site/version/': e('public', 200),
  // probes and metrics: the test app has no rebuild runner, local storage and no Redis, so it is ready
  'GET /api/health/live': e('public', 200),
  'GET /api/health/ready': e('public', 200),
  'GET /api/metrics': e('admin', 200),
  'GET /api/consultancy/dashboard/inquiries/': e('consultancy', 200),
  'GET /api/consultancy/dashboard/licence/': e('consultancy', 200),
  'GET /api/consultancy/dashboard/counselling/hours/': e('consultancy', 200),
  'PUT /api/consultancy/dashboard/counselling/hours/': e('consultancy', 400),
  'GET /api/consultancy/dashboard/counselling/branches/:id/hours/': e('consultancy', 404),
  'PUT /api/consultancy/dashboard/counselling/branches/:id/hours/': e('consultancy', 400),
  'GET /api/consultancy/dashboard/counselling/bookings/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/counselling/bookings/:id/mark/': e('consultancy', 400),
  'GET /api/counselling/slots/': e('public', 404, 'consultancy=999999'),
  'POST /api/counselling/bookings/': e('public', 400),
  'GET /api/counselling/bookings/:reference/': e('public', 400),
  'POST /api/counselling/bookings/:reference/reschedule/': e('public', 400),
  'POST /api/counselling/bookings/:reference/cancel/': e('public', 400),
  'POST /api/consultancy/dashboard/licence/': e('consultancy', 400),
  'GET /api/consultancy-licence/admin/': e('admin', 200),
  'POST /api/consultancy-licence/:id/verify/': e('admin', 404),
  'POST /api/consultancy-licence/:id/reject/': e('admin', 400),
  'GET /api/consultancy-licence/:id/document/': e('admin,consultancy', 404),
  'GET /api/consultancy-review/check/:code/': e('public', 404),
  'POST /api/consultancy-review/submit/': e('public', 400),
  'PATCH /api/consultancy-review/edit/:code/': e('public', 404),
  'GET /api/consultancy-review/': e('public', 200),
  'GET /api/consultancy/dashboard/reviews/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/reviews/:id/reply/': e('consultancy', 400),
  'GET /api/consultancy-review/admin/': e('admin', 200),
  'POST /api/consultancy-review/:id/hide/': e('admin', 400),
  'POST /api/consultancy-review/:id/restore/': e('admin', 404),
  // consultancy staff and case work (issue 26); the walk's consultancy account is an owner
  'GET /api/consultancy/dashboard/staff/': e('consultancy', 200),
  'GET /api/consultancy/dashboard/staff/invitations/': e('consultancy', 200),
  'POST /api/consultancy/dashboard/staff/invitations/': e('consultancy', 400),
  'DELETE /api/consultancy/dashboard/staff/invitations/:id/': e('consultancy', 404),
  'DELETE /api/consultancy/dashboard/staff/:id/': e('consultancy', 404),
  'POST /api/consultancy/staff/invitation/': e('public', 400),
  'POST /api/consultancy/staff/accept/': e('public', 400),
  'PUT /api/consultancy/dashboard/applications/:id/counsellor/': e('consultancy', 404),
  'PUT /api/consultancy/dashboard/applications/:id/follow-up/': e('consultancy', 400),
  'GET /api/consultancy/dashboard/applications/:id/notes/': e('consultancy', 404),
  'POST /api/consultancy/dashboard/applications/:id/notes/': e('consultancy', 400),
  'GET /api/consultancy/dashboard/applications/stages/': e('consultancy', 200),
  'GET /api/consultancy/dashboard/applications/export/': e('consultancy', 200),
  'GET /api/consultancy/dashboard/applications/:id/': e('consultancy', 404),
  'GET /api/consultancy-application/admin/disputed-decisions/': e('admin', 200),
};

/**
 * The consultancy routes only its owners may call: a counsellor (a consultancy account with
 * staff_role 'counsellor') gets 403 from each, with the walk's request. Counsellors work
 * applications and the counselling day (every other consultancy route); they do not manage staff,
 * edit the profile, licence, weekly hours (the consultancy's or a branch's) or document checklists, answer in the consultancy's name
 * in public (complaints, reviews), or export the applications. staff.api.test.ts walks this list.
 */
export const OWNER_ONLY: string[] = [
  'PATCH /api/consultancy/dashboard/update/',
  'POST /api/consultancy/dashboard/licence/',
  'GET /api/consultancy/dashboard/staff/invitations/',
  'POST /api/consultancy/dashboard/staff/invitations/',
  'DELETE /api/consultancy/dashboard/staff/invitations/:id/',
  'DELETE /api/consultancy/dashboard/staff/:id/',
  'GET /api/consultancy/dashboard/applications/export/',
  'PUT /api/consultancy/dashboard/counselling/hours/',
  'PUT /api/consultancy/dashboard/counselling/branches/:id/hours/',
  'PUT /api/consultancy/dashboard/checklists/:destination/',
  'POST /api/consultancy/dashboard/complaints/:id/answer/',
  'POST /api/consultancy/dashboard/reviews/:id/reply/',
];
