// first: before any zod schema is made (see the file)
import './zod-jitless.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { resources } from '../lib/api/admin.ts';
import { $router, accessFor, href, installLeaveGuard, isInstitution, resourceBySlug, slugOf, type Area } from '../lib/stores/admin.ts';
import { $redirect, $session, logout, restoreSession } from '../lib/stores/session.ts';
import { Overview, Settings } from './AdminScreens.tsx';
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
import { ForumModeration } from './ForumModeration.tsx';
import { AdminLicences, DashboardLicence } from './LicenceScreens.tsx';
import { AdminOutbox } from './OutboxScreens.tsx';
import { ADMIN_NAV, ADMIN_SCREENS, DASHBOARD_NAV } from './nav.ts';
import { DashboardReviews } from './ReviewScreens.tsx';
import { ResourceEdit, ResourceList } from './ResourceScreens.tsx';
import './admin.css';

// Installed before anything subscribes to the router, so its popstate listener runs first and can
// keep a form with unsaved changes on screen when the back button is pressed.
if (typeof window !== 'undefined') installLeaveGuard();

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

  const access = accessFor(area, session, typeof window === 'undefined' ? '' : window.location.pathname);
  useEffect(() => {
    if (access.kind === 'redirect') $redirect.get()(access.to);
  }, [access.kind, access.kind === 'redirect' ? access.to : '']);

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

  if (access.kind === 'wait') return <p role="status" className="center">Loading…</p>;
  if (access.kind === 'redirect') return <p role="status" className="center">You do not have access here. Redirecting…</p>;

  const user = session.user!;
  const route = page?.route ?? '';
  return (
    <div className="console">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <a className="brand" href={area === 'admin' ? href('adminHome') : href('dashHome')}>
          {area === 'admin' ? 'Admin' : 'Dashboard'}
        </a>
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="console-nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
        <span className="who">{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</span>
        <button type="button" onClick={() => logout()}>
          Sign out
        </button>
      </header>
      <div className="body">
        <nav id="console-nav" className={menuOpen ? 'nav open' : 'nav'} aria-label={area === 'admin' ? 'Admin' : 'Dashboard'}>
          {area === 'admin' ? <AdminNav current={page} /> : isInstitution(user.role) ? <DashNav kind={user.role} current={route} /> : null}
        </nav>
        <main id="main" tabIndex={-1}>
          {area === 'admin' ? <AdminRoute page={page} /> : isInstitution(user.role) ? <DashRoute page={page} kind={user.role} /> : null}
        </main>
      </div>
      <Flash />
      <ConfirmDialog />
    </div>
  );
}

type Page = ReturnType<typeof $router.get>;

function AdminNav({ current }: { current: Page }) {
  const screen = Object.entries(ADMIN_SCREENS).find(([, s]) => s.route === current?.route)?.[0];
  const active = screen ?? (current && 'resource' in current.params ? resourceBySlug(String(current.params.resource)) : current?.route === 'adminHome' ? 'home' : null);
  return (
    <ul>
      <li>
        <a href={href('adminHome')} aria-current={active === 'home' ? 'page' : undefined}>
          Overview
        </a>
      </li>
      {ADMIN_NAV.map((g) => (
        <li key={g.title}>
          <span className="group">{g.title}</span>
          <ul>
            {g.items.map((name) => (
              <li key={name}>
                <a href={ADMIN_SCREENS[name] ? href(ADMIN_SCREENS[name].route) : href('adminList', { resource: slugOf(name) })} aria-current={active === name ? 'page' : undefined}>
                  {ADMIN_SCREENS[name]?.label ?? resources[name]!.plural}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function DashNav({ kind, current }: { kind: 'consultancy' | 'college' | 'university'; current: string }) {
  return (
    <ul>
      {DASHBOARD_NAV[kind].map((n) => (
        <li key={n.route}>
          <a href={href(n.route as never)} aria-current={current === n.route || (n.route === 'dashBranches' && current.startsWith('dashBranch')) ? 'page' : undefined}>
            {n.label}
          </a>
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
    case 'adminForumModeration':
      return <ForumModeration />;
    case 'adminList':
    case 'adminCreate':
    case 'adminEdit': {
      const name = resourceBySlug(page.params.resource);
      if (!name) return <NotFound />;
      if (page.route === 'adminList') return <ResourceList key={name} name={name} />;
      if (resources[name].readOnly) return <NotFound />;
      return page.route === 'adminCreate' ? <ResourceEdit key={`${name}-new`} name={name} /> : <ResourceEdit key={`${name}-${page.params.id}`} name={name} id={page.params.id} />;
    }
    default:
      return <NotFound />;
  }
}

export function DashRoute({ page, kind }: { page: Page; kind: 'consultancy' | 'college' | 'university' }): ReactNode {
  switch (page?.route) {
    case 'dashHome':
      return <DashboardHome kind={kind} />;
    case 'dashProfile':
      return <DashboardProfile kind={kind} />;
    case 'dashInquiries':
      return kind === 'university' ? <NotFound /> : <DashboardInquiries kind={kind} />;
    case 'dashApplications':
      return kind === 'consultancy' ? <DashboardApplications /> : <NotFound />;
    case 'dashLicence':
      return kind === 'consultancy' ? <DashboardLicence /> : <NotFound />;
    case 'dashBranches':
      return kind === 'college' ? <DashboardBranches /> : <NotFound />;
    case 'dashBranchCreate':
      return kind === 'college' ? <DashboardBranchEdit key="new" /> : <NotFound />;
    case 'dashBranchEdit':
      return kind === 'college' ? <DashboardBranchEdit key={page.params.id} id={page.params.id} /> : <NotFound />;
    case 'dashCourses':
      return kind === 'university' ? <DashboardCourses /> : <NotFound />;
    case 'dashComplaints':
      return kind === 'consultancy' ? <DashboardComplaints /> : <NotFound />;
    case 'dashReviews':
      return kind === 'consultancy' ? <DashboardReviews /> : <NotFound />;
    default:
      return <NotFound />;
  }
}
