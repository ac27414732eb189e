import { createRouter, getPagePath } from '@nanostores/router';
import { atom } from 'nanostores';
import { ask, type Question } from './adminConfirm.ts';
import { resources } from '../../admin/resources/index.ts';
import { isInstitutionKind } from '../contract/institutions.ts';
import type { StoredUser } from './session.ts';

/**
 * The console: every route of /admin and /dashboard in one router map, the resource slugs used in
 * its URLs, the access rule, and the unsaved-changes guard. Specific routes come before the
 * generic `/admin/:resource` ones (the first match wins).
 */
export const $router = createRouter({
  adminHome: '/admin',
  adminSettings: '/admin/settings',
  adminLicences: '/admin/licences',
  adminOutbox: '/admin/outbox',
  adminErasures: '/admin/erasures',
  adminForumModeration: '/admin/forum-moderation',
  adminPayments: '/admin/payments',
  adminDisputedDecisions: '/admin/disputed-decisions',
  adminList: '/admin/:resource',
  adminCreate: '/admin/:resource/new',
  adminEdit: '/admin/:resource/:id',
  dashHome: '/dashboard',
  dashAcceptInvite: '/dashboard/accept-invite',
  dashStaff: '/dashboard/staff',
  dashProfile: '/dashboard/profile',
  dashInquiries: '/dashboard/inquiries',
  dashCounselling: '/dashboard/counselling',
  dashApplications: '/dashboard/applications',
  dashApplication: '/dashboard/applications/:id',
  dashLicence: '/dashboard/licence',
  dashBranches: '/dashboard/branches',
  dashBranchCreate: '/dashboard/branches/new',
  dashBranchEdit: '/dashboard/branches/:id',
  dashCourses: '/dashboard/courses',
  dashComplaints: '/dashboard/complaints',
  dashReviews: '/dashboard/reviews',
});

export type RouteName = NonNullable<ReturnType<typeof $router.get>>['route'];

/** A console path, with the trailing slash the site uses everywhere. */
export function href(name: RouteName, params: Record<string, string | number> = {}, search?: Record<string, string>): string {
  const path = getPagePath($router, name as never, params as never);
  const q = search ? new URLSearchParams(Object.entries(search).filter(([, v]) => v !== '')).toString() : '';
  return `${path.replace(/\/$/, '')}/${q ? `?${q}` : ''}`;
}

/** URL slug of a resource: modelQuestion → model-question. */
export const slugOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const bySlug = new Map(Object.keys(resources).map((n) => [slugOf(n), n]));
export const resourceBySlug = (slug: string): string | null => bySlug.get(slug) ?? null;

// ---- access ---------------------------------------------------------------------------------

export type Area = 'admin' | 'dashboard';
export type Access = { kind: 'wait' } | { kind: 'ok' } | { kind: 'redirect'; to: string };

/**
 * Who may see an area: /admin is for admins; institutions go to their dashboard; /dashboard is for
 * institution accounts, an admin goes to /admin; anyone else (signed out, students) to /login/.
 */
export function accessFor(
  area: Area,
  session: { loading: boolean; user: Pick<StoredUser, 'role'> | null; access: string | null },
  next = '',
): Access {
  if (session.loading) return { kind: 'wait' };
  const login = { kind: 'redirect', to: `/login/${next ? `?next=${encodeURIComponent(next)}` : ''}` } as const;
  const role = session.access ? session.user?.role : undefined;
  if (!role) return login;
  if (area === 'admin')
    return role === 'admin'
      ? { kind: 'ok' }
      : isInstitutionKind(role)
        ? { kind: 'redirect', to: '/dashboard/' }
        : { kind: 'redirect', to: '/login/' };
  return isInstitutionKind(role)
    ? { kind: 'ok' }
    : role === 'admin'
      ? { kind: 'redirect', to: '/admin/' }
      : { kind: 'redirect', to: '/login/' };
}

// ---- unsaved changes --------------------------------------------------------------------------

/** On while a form holds changes not yet saved. */
export const $dirty = atom(false);
export const setDirty = (dirty: boolean) => {
  if ($dirty.get() !== dirty) $dirty.set(dirty);
};

export const LEAVE_QUESTION: Question = {
  title: 'Leave without saving?',
  text: 'You have unsaved changes. Leave this page and lose them?',
  yes: 'Leave',
  no: 'Stay',
  danger: true,
};

/** True when there is nothing to lose or the user agrees to lose it. */
export async function confirmLeave(): Promise<boolean> {
  return !$dirty.get() || ask(LEAVE_QUESTION);
}

let guardInstalled = false;
/**
 * Warns before unsaved changes are lost: following a link (checked in the capture phase, before the
 * router's own click handler) and the back and forward buttons ask in the page; closing or
 * reloading the tab (beforeunload) can only be asked by the browser itself.
 */
export function installLeaveGuard(): () => void {
  if (typeof window === 'undefined' || guardInstalled) return () => {};
  guardInstalled = true;
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (!$dirty.get()) return;
    e.preventDefault();
    e.returnValue = LEAVE_QUESTION;
  };
  // The answer comes later than the click: hold the click back, and click the link again on yes.
  const click = (e: MouseEvent) => {
    const link = (e.target as Element | null)?.closest?.('a');
    if (!link || !$dirty.get() || link.target === '_blank' || e.button !== 0 || e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    e.stopPropagation();
    void confirmLeave().then((leave) => {
      if (!leave) return;
      $dirty.set(false);
      link.click();
    });
  };
  // Back and forward: the capture listener runs before the router's. The URL is put back while
  // the question is open, and the router goes where the button pointed on yes.
  let lastHref = window.location.href;
  const popState = (e: PopStateEvent) => {
    if (!$dirty.get()) {
      lastHref = window.location.href;
      return;
    }
    e.stopImmediatePropagation();
    const target = new URL(window.location.href);
    window.history.pushState(null, '', lastHref);
    void confirmLeave().then((leave) => {
      if (!leave) return;
      $dirty.set(false);
      $router.open(`${target.pathname}${target.search}${target.hash}`);
    });
  };
  // registered before $router.listen mounts the router (and adds its own popstate listener)
  window.addEventListener('popstate', popState, true);
  const stopWatching = $router.listen(() => queueMicrotask(() => (lastHref = window.location.href)));
  window.addEventListener('beforeunload', beforeUnload);
  document.addEventListener('click', click, true);
  return () => {
    guardInstalled = false;
    stopWatching();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('popstate', popState, true);
    document.removeEventListener('click', click, true);
  };
}
