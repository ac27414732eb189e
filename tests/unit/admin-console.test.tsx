// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return {
    ...real,
    getList: vi.fn(async () => ({ count: 0, next: null, previous: null, results: [] })),
    dropdown: vi.fn(async () => []),
  };
});
vi.mock('../../src/lib/api/analytics.ts', () => ({
  getSummary: vi.fn(async () => ({ series: [{ date: '2026-01-01', pageviews: 3, inquiries: 1, applications: 0 }], byInstitution: [] })),
}));
vi.mock('../../src/lib/api/dashboard.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/dashboard.ts')>();
  return {
    ...real,
    myPageviews: vi.fn(async () => []),
    listApplications: vi.fn(async () => ({ count: 0, next: null, previous: null, results: [] })),
  };
});

import Console from '../../src/admin/Console.tsx';
import { $router, accessFor, href, resourceBySlug, slugOf } from '../../src/lib/stores/admin.ts';
import { $redirect, $session, KEYS } from '../../src/lib/stores/session.ts';

const user = (role: string) => ({ id: 1, email: `${role}@x.np`, firstName: 'Test', lastName: role, phone: '', role });
const signIn = (role: string | null) => {
  localStorage.clear();
  if (role) {
    localStorage.setItem(KEYS.access, 'token');
    localStorage.setItem(KEYS.user, JSON.stringify(user(role)));
  }
  $session.set({ access: null, refresh: null, user: null, loading: true });
};
let redirects: string[] = [];

beforeEach(() => {
  redirects = [];
  $redirect.set((p) => redirects.push(p));
});
afterEach(() => cleanup());

describe('access (SPEC §6)', () => {
  const s = (role: string | null, loading = false) => ({ loading, access: role ? 't' : null, user: role ? (user(role) as never) : null });
  it('waits while the session loads', () => expect(accessFor('admin', s('admin', true))).toEqual({ kind: 'wait' }));
  it('/admin: admins only; institutions to their dashboard; others to /login/', () => {
    expect(accessFor('admin', s('admin'))).toEqual({ kind: 'ok' });
    expect(accessFor('admin', s('consultancy'))).toEqual({ kind: 'redirect', to: '/dashboard/' });
    expect(accessFor('admin', s('student'))).toEqual({ kind: 'redirect', to: '/login/' });
    expect(accessFor('admin', s(null), '/admin/university/')).toEqual({ kind: 'redirect', to: '/login/?next=%2Fadmin%2Funiversity%2F' });
  });
  it('/dashboard: institution accounts; an admin to /admin/', () => {
    for (const r of ['consultancy', 'college', 'university']) expect(accessFor('dashboard', s(r))).toEqual({ kind: 'ok' });
    expect(accessFor('dashboard', s('admin'))).toEqual({ kind: 'redirect', to: '/admin/' });
    expect(accessFor('dashboard', s('student'))).toEqual({ kind: 'redirect', to: '/login/' });
  });
});

describe('router', () => {
  it('one map for every console route, paths with the trailing slash', () => {
    expect(href('adminList', { resource: 'model-question' })).toBe('/admin/model-question/');
    expect(href('adminEdit', { resource: 'university', id: 4 })).toBe('/admin/university/4/');
    expect(href('adminSettings')).toBe('/admin/settings/');
    expect(href('dashApplications')).toBe('/dashboard/applications/');
    expect(slugOf('blogCategory')).toBe('blog-category');
    expect(resourceBySlug('blog-category')).toBe('blogCategory');
    expect(resourceBySlug('nope')).toBeNull();
  });
});

describe('console root', () => {
  it('turns a student away from /admin', async () => {
    history.replaceState(null, '', '/admin/');
    signIn('student');
    render(<Console area="admin" />);
    await act(async () => {});
    expect(redirects).toEqual(['/login/']);
    expect(screen.getByText(/do not have access/)).toBeTruthy();
  });
  it('sends a signed-out visitor to /login/ with the way back', async () => {
    history.replaceState(null, '', '/admin/university/');
    signIn(null);
    render(<Console area="admin" />);
    await act(async () => {});
    expect(redirects).toEqual(['/login/?next=%2Fadmin%2Funiversity%2F']);
  });
  it('shows the admin the overview and the navigation', async () => {
    history.replaceState(null, '', '/admin/');
    $router.open('/admin/');
    signIn('admin');
    render(<Console area="admin" />);
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Universities' })[0].getAttribute('href')).toBe('/admin/university/');
    expect(await screen.findByRole('img', { name: /Pageviews 3 in all/ })).toBeTruthy();
    expect(redirects).toEqual([]);
  });
  it('routes a resource slug to the generic list', async () => {
    $router.open('/admin/model-question/');
    signIn('admin');
    render(<Console area="admin" />);
    expect(await screen.findByRole('heading', { name: 'Model questions' })).toBeTruthy();
  });
  it('gives a consultancy its dashboard and sends an admin away from it', async () => {
    $router.open('/dashboard/applications/');
    signIn('consultancy');
    render(<Console area="dashboard" />);
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/dashboard/profile/');
    cleanup();
    signIn('admin');
    render(<Console area="dashboard" />);
    await act(async () => {});
    expect(redirects).toEqual(['/admin/']);
  });
});

describe('unsaved changes guard', () => {
  it('a console link asks first in the page; Stay keeps the screen, Leave follows the link', async () => {
    const { installLeaveGuard, $dirty, LEAVE_QUESTION } = await import('../../src/lib/stores/admin.ts');
    const { $question, answer } = await import('../../src/lib/stores/adminConfirm.ts');
    const remove = installLeaveGuard();
    const unlisten = $router.listen(() => {}); // the router follows clicked links while it has listeners
    $router.open('/admin/university/5/');
    const link = document.createElement('a');
    link.href = '/admin/university/';
    document.body.append(link);
    $dirty.set(true);
    link.click();
    expect($question.get()).toBe(LEAVE_QUESTION);
    answer(false);
    await act(async () => {});
    expect($router.get()?.path).toBe('/admin/university/5');
    expect($dirty.get()).toBe(true);
    link.click();
    answer(true);
    await act(async () => {});
    expect($dirty.get()).toBe(false);
    expect($router.get()?.path).toBe('/admin/university');
    link.remove();
    unlisten();
    remove();
  });
});
