import { college, consultancy, university, type EntityDeclaration } from '../contract/index.ts';
import type { BranchKind } from '../contract/institutions.ts';
import { branchFields } from '../forms/branches.ts';
import { requireDashboard, type Institution } from '../forms/guards.ts';
import { ownProfileFields, prepareBody, type FormValues } from '../forms/prepare.ts';
import { stageMove } from '../forms/applications.ts';
import type { Stage as ApplicationStatus } from '../contract/applications.ts';
import { toDaySeries, type DayPoint, type MineReply } from './analytics.ts';
import { ApiError, call, errorMessage, type Page } from './client.ts';

/**
 * The institution dashboards' calls. Every call first checks the stored token and institution id
 * (SPEC §5) and is refused before sending when one is missing. The server acts on the caller's own
 * institution; the stored id is only a client-side precondition.
 */

export type { Institution } from '../forms/guards.ts';

export const institutionEntity: Record<Institution, EntityDeclaration> = { consultancy, college, university };

/** The profile fields an institution may edit: never verified, moe_certified, claimed or priority. */
export const profileFields = (kind: Institution) => ownProfileFields(institutionEntity[kind].fields);

export const HTML_REPLY = 'The server replied with a web page instead of data. This may be a server error; please try again later.';

/** An HTML page where JSON was expected: a proxy or server error page. */
export function isHtmlReply(contentType: string | null, text: string): boolean {
  return (contentType ?? '').toLowerCase().includes('text/html') || /^\s*<(!doctype\s+html|html)[\s>]/i.test(text);
}

type Row = Record<string, unknown> & { id: number };

export function getProfile(kind: Institution): Promise<Row> {
  return guarded(kind, () => call(`Failed to fetch ${kind} profile`, (c) => c.get(`${kind}/dashboard/`).json<Row>()));
}

/** The own fees, intakes and dates are still correct today (institutions whose entity declares `confirmed`). */
export const confirmOwnFacts = (kind: Institution) =>
  guarded(kind, () => call('Failed to confirm the values', (c) => c.post(`${kind}/dashboard/still-correct/`).json<Row>()));

/**
 * PATCH the own profile as multipart (SPEC §5 rules, admin-only fields never sent). An HTML reply
 * (SPEC §8: the university dashboard update) is reported as a possible server error.
 */
export function updateProfile(kind: Institution, values: FormValues): Promise<Row> {
  return guarded(kind, () => {
    const fallback = `Failed to update ${kind} profile`;
    const body = prepareBody({ fields: profileFields(kind), multipart: true }, values, 'update');
    return call(fallback, async (c) => {
      const res = await c.patch(`${kind}/dashboard/update/`, { body: body as FormData, throwHttpErrors: false });
      const text = await res.text();
      if (isHtmlReply(res.headers.get('content-type'), text)) throw new ApiError(HTML_REPLY, res.status);
      if (!res.ok) {
        const { message, fields } = await errorMessage(new Response(text), fallback);
        throw new ApiError(message, res.status, fields);
      }
      try {
        return (text ? JSON.parse(text) : {}) as Row;
      } catch {
        throw new ApiError(fallback, res.status);
      }
    });
  });
}

async function guarded<T>(kind: Institution, run: () => Promise<T>): Promise<T> {
  requireDashboard(kind);
  return run();
}

const pageQuery = (page = 1, extra: Record<string, string | undefined> = {}) => {
  const q = new URLSearchParams({ page: String(page > 0 ? page : 1) });
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  return q;
};

export function listInquiries(kind: 'consultancy' | 'college', page = 1): Promise<Page<Row>> {
  return guarded(kind, () =>
    call('Failed to fetch inquiries', (c) => c.get(`${kind}/dashboard/inquiries/`, { searchParams: pageQuery(page) }).json<Page<Row>>()),
  );
}

export function listApplications(page = 1, status?: string): Promise<Page<Row>> {
  return guarded('consultancy', () =>
    call('Failed to fetch applications', (c) =>
      c.get('consultancy/dashboard/applications/', { searchParams: pageQuery(page, { status }) }).json<Page<Row>>(),
    ),
  );
}

/** Moves an application to one of its next statuses with a note the applicant sees on /track/. */
export function moveApplication(id: number, current: unknown, status: ApplicationStatus, note: string): Promise<Row> {
  return guarded('consultancy', () => {
    const body = stageMove(current, status, note);
    return call('Failed to update application status', (c) =>
      c.post(`consultancy/dashboard/applications/${id}/status/`, { json: body }).json<Row>(),
    );
  });
}

export function listCourses(page = 1): Promise<Page<Row>> {
  return guarded('university', () =>
    call('Failed to fetch courses', (c) => c.get('university/dashboard/courses/', { searchParams: pageQuery(page) }).json<Page<Row>>()),
  );
}

// ---- branches (the kinds that have them: contract/institutions.ts) -------------------------------

const branchBody = (values: FormValues, mode: 'create' | 'update') =>
  prepareBody({ fields: branchFields, multipart: false }, values, mode) as Record<string, unknown>;

export function listBranches(kind: BranchKind): Promise<Row[]> {
  return guarded(kind, async () => {
    const reply = await call('Failed to fetch branches', (c) => c.get(`${kind}/dashboard/branches/`).json<Row[] | Page<Row>>());
    return Array.isArray(reply) ? reply : (reply.results ?? []);
  });
}

export const createBranch = (kind: BranchKind, values: FormValues) =>
  guarded(kind, () =>
    call('Failed to create branch', (c) => c.post(`${kind}/dashboard/branches/`, { json: branchBody(values, 'create') }).json<Row>()),
  );

export const updateBranch = (kind: BranchKind, id: number, values: FormValues) =>
  guarded(kind, () =>
    call('Failed to update branch', (c) =>
      c.patch(`${kind}/dashboard/branches/${id}/`, { json: branchBody(values, 'update') }).json<Row>(),
    ),
  );

export function removeBranch(kind: BranchKind, id: number): Promise<{ success: true; message: string }> {
  return guarded(kind, async () => {
    const reply = await call('Failed to delete branch', async (c) => {
      const text = await c.delete(`${kind}/dashboard/branches/${id}/`).text();
      try {
        return JSON.parse(text) as { message?: string };
      } catch {
        return {};
      }
    });
    return { success: true as const, message: reply.message || 'Branch deleted successfully!' };
  });
}

// ---- own pageviews -----------------------------------------------------------------------------

export function myPageviews(kind: Institution, days = 30): Promise<DayPoint[]> {
  return guarded(kind, async () =>
    toDaySeries(await call('Failed to fetch pageviews', (c) => c.get('analytics/mine/', { searchParams: { days } }).json<MineReply>()), [
      'pageviews',
    ]),
  );
}
