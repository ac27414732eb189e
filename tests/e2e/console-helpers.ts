/**
 * Console e2e helpers. Logins are rate limited per IP (30 per 15 minutes) and every e2e suite
 * shares 127.0.0.1, so the console suites sign in through the UI only where the scenario is the
 * sign-in itself, and otherwise start a browser context with a session obtained once per file.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { apiSignIn, hydrated, newContext, type ContextOptions } from './site-helpers.ts';

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

export interface ApiSession {
  access: string;
  refresh: string;
  user: {
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    phone: string;
    role: string;
    staff_role?: 'owner' | 'counsellor';
    consultancy_id?: number | null;
    college_id?: number | null;
    university_id?: number | null;
  };
}

export const apiLogin = (email: string) => apiSignIn<ApiSession>(email);

/** Signs in through /login/ and waits until the page has left it. */
export async function signIn(page: Page, email: string, lands: RegExp | ((url: URL) => boolean)) {
  await page.goto('/login/');
  await hydrated(page); // the Sign in button is disabled until then
  await page.locator('#li-email').fill(email);
  await page.locator('#li-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(lands);
}

/** A context whose pages start signed in with the session, stored as the session store keeps it. */
export async function contextWith(session: ApiSession, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await newContext(options);
  const u = session.user;
  const items: Record<string, string> = {
    access: session.access,
    refresh: session.refresh,
    user: JSON.stringify({
      id: u.id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      phone: u.phone,
      role: u.role,
      staffRole: u.staff_role,
    }),
  };
  if (u.consultancy_id) items.consultancyId = String(u.consultancy_id);
  if (u.college_id) items.collegeId = String(u.college_id);
  if (u.university_id) items.universityId = String(u.university_id);
  await context.addInitScript((entries: Record<string, string>) => {
    if (sessionStorage.getItem('console-e2e-seeded')) return;
    sessionStorage.setItem('console-e2e-seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, items);
  return context;
}
