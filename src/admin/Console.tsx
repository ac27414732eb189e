// first: before any zod schema is made (see the file)
import './zod-jitless.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { resources } from './resources/index.ts';
import { $router, accessFor, href, installLeaveGuard, resourceBySlug, slugOf, type Area, type RouteName } from '../lib/stores/admin.ts';
import { $redirect, $session, logout, restoreSession, type StoredUser } from '../lib/stores/session.ts';
import { Overview, Settings } from './AdminScreens.tsx';
import { AcceptInvite } from './AcceptInvite.tsx';
import { CaseDetail } from './CaseDetail.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Flash } from './Flash.tsx';
import {
  DashboardApplications,
  DashboardBranchEdit,
  DashboardBranches,
  DashboardCourses,
  DashboardHome,
  DashboardInquiries,
  DashboardProfile,
} from './DashboardScreens.tsx';
import { DashboardComplaints } from './ComplaintScreens.tsx';
import { DashboardCounselling } from './CounsellingScreens.tsx';
import { ForumModeration } from './ForumModeration.tsx';
import { AdminLicences, DashboardLicence } from './LicenceScreens.tsx';
import { AdminOutbox } from './OutboxScreens.tsx';
import { AdminErasures } from './ErasureScreens.tsx';
import { AdminDisputedDecisions, AdminPayments } from './PaymentScreens.tsx';
import { ADMIN_NAV, ADMIN_SCREENS, DASHBOARD_SCREENS, dashboardNav, mayOpen, screenOf } from './nav.ts';
import { DashboardStaff } from './StaffScreen.tsx';
import { isCounsellor } from '../lib/stores/staff.ts';
import type { InstitutionRole } from '../lib/contract/index.ts';
import { hasBranches, hasScreen, isInstitutionKind, takesInquiries } from '../lib/contract/institutions.ts';
import { DashboardReviews } from './ReviewScreens.tsx';
import { ResourceEdit, ResourceList } from './ResourceScreens.tsx';
import './console.css';

// Installed before anything subscribes to the router, so its popstate listener runs first and can
// keep a form with unsaved changes on screen when the back button is pressed.
if (typeof window !== 'undefined') installLeaveGuard();

/** The console's bar: its home, the phone's menu button, who is signed in, and signing out. */
function ConsoleHeader({ area, user, menuOpen, onMenu }: { area: Area; user: StoredUser; menuOpen: boolean; onMenu: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand px-3 text-white shadow-md min-[400px]:gap-3 min-[400px]:px-4">
      {/* at 320 px the name, Menu and Sign out just fit: the mark gives way and the name may be cut */}
      <a
        className="mr-auto flex min-w-0 items-center gap-2 font-bold text-white hover:no-underline"
        href={area === 'admin' ? href('adminHome') : href('dashHome')}
      >
        <span aria-hidden="true" className="hidden size-8 shrink-0 place-items-center rounded-md bg-white/15 text-sm min-[400px]:grid">
          SA
        </span>
        <span className="truncate">{area === 'admin' ? 'Admin' : 'Dashboard'}</span>
      </a>
      <button
        type="button"
        className="border-white/40 bg-transparent text-white shadow-none hover:bg-white/10 min-[900px]:hidden"
        aria-expanded={menuOpen}
        aria-controls="console-nav"
        onClick={onMenu}
      >
        Menu
      </button>
      {/* a phone has room for the menu and sign-out buttons, not for a name cut to its first letter */}
      <span className="hidden min-w-0 truncate text-sm text-white/85 min-[480px]:inline">
        {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
      </span>
      <button
        type="button"
        className="whitespace-nowrap border-white/40 bg-transparent text-white shadow-none hover:bg-white/10"
        onClick={() => logout()}
      >
        Sign out
      </button>
    </header>
  );
}

/**
 * The client-only console root, one per area: restores the session, sends anyone without access
 * away (SPEC §6), and renders the routed screen inside the shell.
 */
export default function Console({ area }: { area: Area }) {
  const session = useStore($session);
  const page = useStore($router);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if ($session.get().loading) restoreSession();
  }, []);

  // the invitee has no account yet: the mailed link opens without signing in
  const open = area === 'dashboard' && page?.route === 'dashAcceptInvite';
  const access = open ? ({ kind: 'ok' } as const) : accessFor(area, session, typeof window === 'undefined' ? '' : window.location.pathname);
  // the place to send them, or none: a string, so the effect runs when it changes, not on every new access object
  const redirectTo = access.kind === 'redirect' ? access.to : null;
  useEffect(() => {
    if (redirectTo !== null) $redirect.get()(redirectTo);
  }, [redirectTo]);

  // a new screen: close the phone menu and move the focus to it, for keyboard and screen reader users
  const first = useRef(true);
  useEffect(() => {
    setMenuOpen(false);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [page?.path]);

  if (open) return <AcceptInvite />;
  if (access.kind === 'wait')
    return (
      <p role="status" className="px-4 py-12 text-center">
        Loading…
      </p>
    );
  if (access.kind === 'redirect')
    return (
      <p role="status" className="px-4 py-12 text-center">
        You do not have access here. Redirecting…
      </p>
    );

  const user = session.user!;
  const route = page?.route;
  return (
    <div className="min-h-screen">
      <a className="absolute -left-[999px] top-0 z-50 bg-white p-2 focus:left-2" href="#main">
        Skip to content
      </a>
      <ConsoleHeader area={area} user={user} menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} />
      <div className="flex flex-col min-[900px]:flex-row">
        <nav
          id="console-nav"
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-line bg-white px-3 py-3 min-[900px]:sticky min-[900px]:top-14 min-[900px]:block min-[900px]:h-[calc(100vh-3.5rem)] min-[900px]:w-64 min-[900px]:shrink-0 min-[900px]:overflow-y-auto min-[900px]:border-r min-[900px]:border-b-0`}
          aria-label={area === 'admin' ? 'Admin' : 'Dashboard'}
        >
          {area === 'admin' ? (
            <AdminNav current={page} />
          ) : isInstitutionKind(user.role) ? (
            <DashNav kind={user.role} current={route} owner={!isCounsellor(user)} />
          ) : null}
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 outline-none min-[900px]:px-8 min-[900px]:py-7">
          <div className="mx-auto max-w-6xl">
            {area === 'admin' ? (
              <AdminRoute page={page} />
            ) : isInstitutionKind(user.role) ? (
              <DashRoute page={page} kind={user.role} owner={!isCounsellor(user)} />
            ) : null}
          </div>
        </main>
      </div>
      <Flash />
      <ConfirmDialog />
    </div>
  );
}

/** A sidebar link: 44 px tall, the current screen marked in the brand colour. */
function NavLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <a
      href={to}
      aria-current={current ? 'page' : undefined}
      className={`flex min-h-11 items-center rounded-md border-l-4 px-3 text-[0.95rem] hover:bg-surface hover:no-underline ${current ? 'border-brand bg-brand/10 font-semibold text-brand' : 'border-transparent text-ink'}`}
    >
      {children}
    </a>
  );
}

type Page = ReturnType<typeof $router.get>;

function AdminNav({ current }: { current: Page }) {
  const screen = Object.entries(ADMIN_SCREENS).find(([, s]) => s.route === current?.route)?.[0];
  const active =
    screen ??
    (current && 'resource' in current.params
      ? resourceBySlug(String(current.params.resource))
      : current?.route === 'adminHome'
        ? 'home'
        : null);
  return (
    <ul role="list" className="grid gap-0.5">
      <li>
        <NavLink to={href('adminHome')} current={active === 'home'}>
          Overview
        </NavLink>
      </li>
      {ADMIN_NAV.map((g) => (
        <li key={g.title}>
          <span className="mt-4 mb-1 block px-3 text-xs font-semibold tracking-wider text-muted uppercase">{g.title}</span>
          <ul role="list" className="grid gap-0.5">
            {g.items.map((name) => (
              <li key={name}>
                <NavLink
                  to={ADMIN_SCREENS[name] ? href(ADMIN_SCREENS[name].route) : href('adminList', { resource: slugOf(name) })}
                  current={active === name}
                >
                  {ADMIN_SCREENS[name]?.label ?? resources[name]!.plural}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function DashNav({ kind, current, owner }: { kind: InstitutionRole; current: RouteName | undefined; owner: boolean }) {
  // a branch's form is under Branches
  const screen = screenOf(current);
  return (
    <ul role="list" className="grid gap-0.5">
      {dashboardNav(kind, owner).map((n) => (
        <li key={n.route}>
          <NavLink
            to={href(n.route)}
            current={current === n.route || (screen !== undefined && DASHBOARD_SCREENS[screen].route === n.route)}
          >
            {n.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>There is no such screen here.</p>
    </section>
  );
}

export function AdminRoute({ page }: { page: Page }): ReactNode {
  if (!page) return <NotFound />;
  switch (page.route) {
    case 'adminHome':
      return <Overview />;
    case 'adminSettings':
      return <Settings />;
    case 'adminLicences':
      return <AdminLicences />;
    case 'adminOutbox':
      return <AdminOutbox />;
    case 'adminErasures':
      return <AdminErasures />;
    case 'adminPayments':
      return <AdminPayments />;
    case 'adminDisputedDecisions':
      return <AdminDisputedDecisions />;
    case 'adminForumModeration':
      return <ForumModeration />;
    case 'adminList':
    case 'adminCreate':
    case 'adminEdit': {
      const name = resourceBySlug(page.params.resource);
      if (!name) return <NotFound />;
      if (page.route === 'adminList') return <ResourceList key={name} name={name} />;
      if (resources[name].readOnly) return <NotFound />;
      return page.route === 'adminCreate' ? (
        <ResourceEdit key={`${name}-new`} name={name} />
      ) : (
        <ResourceEdit key={`${name}-${page.params.id}`} name={name} id={page.params.id} />
      );
    }
    default:
      return <NotFound />;
  }
}

/**
 * A dashboard route: the screens of its kind (contract/institutions.ts); to another kind a screen
 * does not exist, nor an owner's screen to a counsellor (`owner`: not a counsellor).
 */
export function DashRoute({ page, kind, owner = true }: { page: Page; kind: InstitutionRole; owner?: boolean }): ReactNode {
  const screen = screenOf(page?.route);
  if (!page || (screen && !hasScreen(kind, screen)) || !mayOpen(page.route, owner)) return <NotFound />;
  switch (page.route) {
    case 'dashHome':
      return <DashboardHome kind={kind} />;
    case 'dashProfile':
      return <DashboardProfile kind={kind} />;
    case 'dashInquiries':
      return takesInquiries(kind) ? <DashboardInquiries kind={kind} /> : <NotFound />;
    case 'dashApplications':
      return <DashboardApplications />;
    case 'dashApplication':
      return <CaseDetail key={page.params.id} id={Number(page.params.id)} />;
    case 'dashCounselling':
      return <DashboardCounselling />;
    case 'dashLicence':
      return <DashboardLicence />;
    case 'dashBranches':
      return hasBranches(kind) ? <DashboardBranches kind={kind} /> : <NotFound />;
    case 'dashBranchCreate':
      return hasBranches(kind) ? <DashboardBranchEdit key="new" kind={kind} /> : <NotFound />;
    case 'dashBranchEdit':
      return hasBranches(kind) ? <DashboardBranchEdit key={page.params.id} kind={kind} id={page.params.id} /> : <NotFound />;
    case 'dashCourses':
      return <DashboardCourses />;
    case 'dashComplaints':
      return <DashboardComplaints />;
    case 'dashReviews':
      return <DashboardReviews />;
    case 'dashStaff':
      return <DashboardStaff />;
    default:
      return <NotFound />;
  }
}
