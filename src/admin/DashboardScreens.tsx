import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { resources } from './resources/index.ts';
import {
  createBranch,
  getProfile,
  listBranches,
  listCourses,
  listInquiries,
  myPageviews,
  profileFields,
  updateBranch,
  updateProfile,
  type Institution,
} from '../lib/api/dashboard.ts';
import type { FieldMeta } from '../lib/contract/fields.ts';
import type { BranchKind } from '../lib/contract/institutions.ts';
import { entities } from '../lib/contract/index.ts';
import { branchFields } from '../lib/forms/branches.ts';
import { $router, href } from '../lib/stores/admin.ts';
import { ask, deleteQuestion } from '../lib/stores/adminConfirm.ts';
import { branchesOf, createAsyncStore, createPagedStore, deleteBranch, type PagedStore } from '../lib/stores/adminDashboard.ts';
import { createFormStore } from '../lib/stores/adminForm.ts';
import { LineChart } from './Chart.tsx';
import { CaseList } from './CaseList.tsx';
import { exportCaseList } from '../lib/stores/casework.ts';
import { columnsOf, DataTable, Pager } from './DataTable.tsx';
import { EntityForm } from './EntityForm.tsx';
import { FactsCheck } from './FactsCheck.tsx';
import { dashboardNav } from './nav.ts';
import { $session } from '../lib/stores/session.ts';
import { isCounsellor, isOwner } from '../lib/stores/staff.ts';
import { Crumbs, ScreenHeader } from './ui.tsx';

/** The institution dashboards: own profile, leads, applications, branches, courses, pageviews. */

export function DashboardHome({ kind }: { kind: Institution }) {
  const store = useMemo(() => createAsyncStore(() => myPageviews(kind, 30)), [kind]);
  const profile = useMemo(() => createAsyncStore(() => getProfile(kind)), [kind]);
  const s = useStore(store.$state);
  const own = useStore(profile.$state);
  const owner = !isCounsellor(useStore($session).user);
  useEffect(() => {
    void store.load();
    void profile.load();
  }, [store, profile]);
  return (
    <section aria-labelledby="dash-title">
      <ScreenHeader id="dash-title" title={`Your ${kind} dashboard`}>
        {typeof own.data?.name === 'string' && <p className="self-center text-muted">{own.data.name}</p>}
      </ScreenHeader>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data && <p role="status">Loading…</p>}
      {owner && <FactsCheck kind={kind} profile={profile} />}
      {s.data && (
        <LineChart
          title="Pageviews of your page, last 30 days"
          points={s.data}
          series={[{ key: 'pageviews', label: 'Pageviews' }]}
          empty="No pageviews yet: they show here once visitors open your page."
        />
      )}
      <ul role="list" className="mt-4 grid gap-3 min-[500px]:grid-cols-2 min-[1100px]:grid-cols-3">
        {dashboardNav(kind, owner)
          .slice(1)
          .map((n) => (
            <li key={n.route}>
              <a
                href={href(n.route as never)}
                className="panel flex min-h-16 items-center justify-between font-semibold hover:border-brand hover:no-underline"
              >
                {n.label} <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
      </ul>
    </section>
  );
}

export function DashboardProfile({ kind }: { kind: Institution }) {
  const fields = useMemo(() => profileFields(kind), [kind]);
  const store = useMemo(
    () =>
      createFormStore({
        fields,
        load: () => getProfile(kind),
        save: (v) => updateProfile(kind, v),
        savedMessage: 'Profile saved.',
        followsSite: true,
      }),
    [kind, fields],
  );
  return <EntityForm title="Your profile" fields={fields} mode="update" store={store} />;
}

/** An institution's own inquiries and applications: the console's columns, less those naming the institution. */
const columnsFrom = (resource: 'inquiry' | 'application', names: string[]): Record<string, FieldMeta> =>
  Object.fromEntries(names.map((name) => [name, resources[resource]!.fields[name]!]));
const inquiryFields = columnsFrom('inquiry', ['created_at', 'name', 'email', 'phone', 'message']);

function PagedTable({
  store,
  caption,
  fields,
  actions,
  empty,
}: {
  store: PagedStore;
  caption: string;
  fields: Record<string, FieldMeta>;
  actions?: Parameters<typeof DataTable>[0]['actions'];
  empty: string;
}) {
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : (
        <div aria-busy={s.loading}>
          <DataTable caption={caption} columns={columnsOf(fields)} rows={s.data?.results ?? []} actions={actions} empty={empty} />
          {s.data && s.data.count > 0 && (
            <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />
          )}
        </div>
      )}
    </>
  );
}

export function DashboardInquiries({ kind }: { kind: 'consultancy' | 'college' }) {
  const store = useMemo(() => createPagedStore((page) => listInquiries(kind, page)), [kind]);
  return (
    <section aria-labelledby="inq-title">
      <ScreenHeader id="inq-title" title="Inquiries" />
      <PagedTable store={store} caption="Inquiries" fields={inquiryFields} empty="No inquiries yet." />
    </section>
  );
}

export function DashboardApplications() {
  const user = useStore($session).user;
  const owner = isOwner(user);
  return (
    <section aria-labelledby="app-title">
      <ScreenHeader id="app-title" title="Applications">
        {owner && (
          <button type="button" onClick={() => void exportCaseList()}>
            Export CSV
          </button>
        )}
      </ScreenHeader>
      {isCounsellor(user) && <p className="mb-3 text-muted">The cases assigned to you come first.</p>}
      <CaseList />
    </section>
  );
}

const courseFields: Record<string, FieldMeta> = Object.fromEntries(
  Object.entries(entities.course.fields).filter(([n]) => n !== 'university_id'),
);

export function DashboardCourses() {
  const store = useMemo(() => createPagedStore((page) => listCourses(page)), []);
  return (
    <section aria-labelledby="courses-title">
      <ScreenHeader id="courses-title" title="Your courses" />
      <PagedTable store={store} caption="Courses" fields={courseFields} empty="No courses listed yet." />
    </section>
  );
}

export function DashboardBranches({ kind }: { kind: BranchKind }) {
  const branches = branchesOf(kind);
  const s = useStore(branches.$state);
  useEffect(() => {
    void branches.load();
  }, [branches]);
  return (
    <section aria-labelledby="branches-title">
      <ScreenHeader id="branches-title" title="Branches">
        <a className="button btn-primary" href={href('dashBranchCreate')}>
          New branch
        </a>
      </ScreenHeader>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : (
        <DataTable
          caption="Branches"
          columns={columnsOf(branchFields)}
          rows={s.data ?? []}
          titleLink={(row) => href('dashBranchEdit', { id: row.id })}
          empty="No branches yet."
          actions={(row) => (
            <>
              <a href={href('dashBranchEdit', { id: row.id })} aria-label={`Edit ${String(row.name)}`}>
                Edit
              </a>
              <button
                type="button"
                className="btn-danger"
                aria-label={`Delete ${String(row.name)}`}
                onClick={async () => {
                  if (await ask(deleteQuestion('branch', String(row.name)))) await deleteBranch(kind, Number(row.id));
                }}
              >
                Delete
              </button>
            </>
          )}
        />
      )}
    </section>
  );
}

export function DashboardBranchEdit({ kind, id }: { kind: BranchKind; id?: string }) {
  const branches = branchesOf(kind);
  const store = useMemo(
    () =>
      createFormStore({
        fields: branchFields,
        load: id
          ? async () => {
              const rows = branches.$state.get().data ?? (await listBranches(kind));
              const row = rows.find((r) => String(r.id) === id);
              if (!row) throw new Error('Branch not found');
              return row;
            }
          : undefined,
        save: (v) => (id ? updateBranch(kind, Number(id), v) : createBranch(kind, v)),
        savedMessage: id ? 'Branch saved.' : 'Branch created.',
      }),
    [kind, id, branches],
  );
  return (
    <>
      <Crumbs to={href('dashBranches')}>Branches</Crumbs>
      <EntityForm
        title={id ? 'Edit branch' : 'New branch'}
        fields={branchFields}
        mode={id ? 'update' : 'create'}
        store={store}
        onSaved={() => {
          void branches.load();
          $router.open(href('dashBranches'));
        }}
      />
    </>
  );
}
