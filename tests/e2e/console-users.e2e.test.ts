/**
 * The admin Users screen in a real Chromium, end to end with the account it manages: the admin
 * creates a consultancy account (consultancy chosen in the searchable picker) that can then sign
 * in to its own dashboard; changes it to a college account (the old link cleared); deactivates it
 * (sign-in refused with the API's message, the open session refused on its next call); and resets
 * its password while activating it again, after which the new password signs in.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './console-helpers.ts';
import { adminToken, apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

interface UserRow {
  id: number;
  email: string;
  role: string;
  consultancy_id: number | null;
  college_id: number | null;
  university_id: number | null;
  active: boolean;
}

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

/** The stored account, as the admin API lists it when searched by its email. */
async function storedUser(email: string): Promise<UserRow> {
  const page = await apiJson<{ results: UserRow[] }>(`auth/users/?search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = page.results.filter((u) => u.email === email);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Fills the /login/ form and submits it; the caller waits for what should follow. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await hydrated(page); // the Sign in button is disabled until then
  await page.locator('#li-email').fill(email);
  await page.locator('#li-password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Types into a form's ref picker, then picks the option with exactly this label. */
async function pick(page: Page, fieldId: string, label: string) {
  const box = page.locator(`#${fieldId}`);
  await box.fill(label);
  // the options answer the typed search (debounced), so wait for the listbox to name it
  await page.locator(`#${fieldId}-list`).getByRole('option', { name: label, exact: true }).first().click();
}

/** Saves the user form and waits for the API's answer to the PUT. */
async function saveUser(page: Page, id: number) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/auth/users/${id}/`),
    page.getByRole('button', { name: 'Save changes' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await page.getByText('User saved.').first().waitFor();
}

describe('admin users screen', () => {
  it('creates a consultancy account that signs in, changes it to a college, deactivates it and resets its password', async () => {
    const consultancies = await apiJson<{ id: number; label: string }[]>('consultancy/dropdown/?page_size=20');
    const consultancy = consultancies[1] ?? consultancies[0]!;
    const colleges = await apiJson<{ results: { id: number; name: string }[] }>('college/?page_size=5');
    const college = colleges.results[0]!;
    const tag = `${Date.now() % 1_000_000}`;
    const email = `e2e.user.${tag}@example.com`;
    const firstPassword = `First-pass-${tag}`;
    const newPassword = `Second-pass-${tag}`;

    const [adminContext, userContext, retryContext, backContext] = await Promise.all([
      newContext(),
      newContext(),
      newContext(),
      newContext(),
    ]);
    try {
      // 1. the admin creates the account from the Users screen
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin@example.com', /\/admin\/$/);
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users', exact: true }).click();
      await admin.getByRole('heading', { name: 'Users', exact: true }).waitFor();
      await admin.getByRole('link', { name: 'New user' }).click();
      await admin.getByRole('heading', { name: 'New user' }).waitFor();
      await admin.locator('#f-email').fill(email);
      await admin.locator('#f-first_name').fill('Asha');
      await admin.locator('#f-last_name').fill(`Tester ${tag}`);
      await admin.locator('#f-role').selectOption('consultancy');
      await pick(admin, 'f-consultancy_id', consultancy.label);
      await admin.getByRole('button', { name: `Remove ${consultancy.label}` }).waitFor();
      await admin.locator('#f-password').fill(firstPassword);
      // a new account starts active without the admin ticking it
      expect(await admin.locator('#f-active').isChecked()).toBe(true);
      const [created] = await Promise.all([
        admin.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/users/create/'),
        admin.getByRole('button', { name: 'Create' }).click(),
      ]);
      expect(created.status()).toBe(201);
      await admin.waitForURL(/\/admin\/user\/\d+\/$/);
      const id = Number(admin.url().match(/\/user\/(\d+)\//)![1]);
      await admin.getByRole('heading', { name: `Edit user: ${email}` }).waitFor();
      expect(await storedUser(email)).toMatchObject({
        id,
        role: 'consultancy',
        consultancy_id: consultancy.id,
        college_id: null,
        university_id: null,
        active: true,
      });

      // ... and finds it with the list search
      await admin.getByRole('link', { name: '← Users' }).click();
      await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
      const row = admin.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      await expect(row.getByText('consultancy', { exact: true }).count()).resolves.toBe(1);

      // 2. the new account signs in, in a browser of its own, to its own consultancy dashboard
      const user = await userContext.newPage();
      await submitLogin(user, email, firstPassword);
      await user.waitForURL(/\/dashboard\/$/);
      await user.getByRole('heading', { name: 'Your consultancy dashboard' }).waitFor();
      await user.getByText(consultancy.label, { exact: true }).waitFor();
      await user.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
      await user.getByRole('heading', { name: 'Your profile' }).waitFor();
      await expect(user.locator('#f-name').inputValue()).resolves.toBe(consultancy.label);

      // 3. the admin makes it a college account; the consultancy link is cleared on the way
      await row.getByRole('link', { name: `Edit ${email}` }).click();
      await admin.getByRole('heading', { name: `Edit user: ${email}` }).waitFor();
      await admin.getByRole('button', { name: `Remove ${consultancy.label}` }).waitFor();
      await admin.locator('#f-role').selectOption('college');
      await pick(admin, 'f-college_id', college.name);
      await admin.getByRole('button', { name: `Remove ${college.name}` }).waitFor();
      await saveUser(admin, id);
      await admin.getByRole('button', { name: `Remove ${consultancy.label}` }).waitFor({ state: 'detached' });
      expect(await storedUser(email)).toMatchObject({
        id,
        role: 'college',
        college_id: college.id,
        consultancy_id: null,
        university_id: null,
        active: true,
      });

      // 4. the admin deactivates it: sign-in refused with the API's words, the open session refused
      await admin.locator('#f-active').uncheck();
      await saveUser(admin, id);
      expect((await storedUser(email)).active).toBe(false);

      // the still open consultancy session: its next call is refused, so is the renewal, and the
      // console sends the browser to /login/
      const [refused, renewal] = await Promise.all([
        user.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/')),
        user.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh/'),
        user.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click(),
      ]);
      expect(refused.status()).toBe(401);
      expect(renewal.status()).toBe(401);
      await user.locator('#li-email').waitFor();
      expect(new URL(user.url()).pathname).toBe('/login/');

      const retry = await retryContext.newPage();
      await submitLogin(retry, email, firstPassword);
      const alert = retry.getByRole('alert').filter({ hasText: 'deactivated' });
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toContain('This account has been deactivated. Please contact the site administrator.');
      expect(new URL(retry.url()).pathname).toBe('/login/');

      // 5. the admin resets the password and activates it again; the new password signs in
      await admin.locator('#f-password').fill(newPassword);
      await admin.locator('#f-active').check();
      await saveUser(admin, id);
      expect(await storedUser(email)).toMatchObject({ role: 'college', college_id: college.id, active: true });

      const back = await backContext.newPage();
      await submitLogin(back, email, newPassword);
      await back.waitForURL(/\/dashboard\/$/);
      await back.getByRole('heading', { name: 'Your college dashboard' }).waitFor();
    } finally {
      await Promise.all([adminContext, userContext, retryContext, backContext].map((c) => c.close()));
    }
  });
});
