import { afterAll, describe, expect, it } from 'vitest';
import { outboxText } from './outbox-helpers.ts';
import { disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('forum: sign up → ask → like → reply', () => {
  it('a new student signs up, asks, likes and replies', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/forum/');
    await hydrated(page);
    await page.getByRole('link', { name: 'Sign in or create a free account' }).click();
    await page.waitForURL('**/login/?next=*');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Create a student account' }).click();
    await page.getByLabel('First name').fill('Nima');
    await page.getByLabel('Last name').fill('Sherpa');
    const email = `nima-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9841000000');
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();
    // the filled form gave way to the message: nothing left to press twice
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await page.getByLabel('Password').count()).toBe(0);

    // the server has no SMTP_URL here: the mail is kept in the console's Outbox, as a newcomer's would be
    const text = await outboxText(email, 'Confirm your email to finish creating your account');
    const link = new URL(text.match(/https?:\/\/\S+\/login\/\?verify=\S+/)![0]);
    expect(link.searchParams.get('via')).toBe('mail');
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/forum/');
    await hydrated(page);
    // a session begun from a mail stays quiet
    expect(await page.context().cookies()).toContainEqual(
      expect.objectContaining({ name: 'auto_dialogs', value: expect.stringContaining('mail') }),
    );

    const title = `Is a 6.5 IELTS enough for nursing in Australia? ${Date.now()}`;
    await page.getByLabel('Question *').fill(title);
    await page.getByLabel('Details').fill('My overall band is 6.5 with 6.0 in writing.');
    await page.getByRole('button', { name: 'Post question' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });

    const like = page.getByRole('button', { name: /^Like/ });
    expect(await page.getByTestId('like-count').textContent()).toBe('0');
    await like.click();
    await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
    expect(await page.getByRole('button', { name: /^Liked/ }).getAttribute('aria-pressed')).toBe('true');

    await page.getByLabel('Your reply').fill('Most Australian nursing programs ask for 7.0 in each band.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Replies' }).textContent()).toContain('7.0 in each band');

    // the question is reachable from its own URL and from the forum list, also after a reload
    const url = new URL(page.url());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
    expect(url.pathname.startsWith('/forum/')).toBe(true);
    await context.close();
  });
});

describe('forum: asking from the first screen (issue 22)', () => {
  it('"Ask a question" is on a phone\'s first screen and takes the visitor to the form', async () => {
    const context = await newContext({ mobile: true });
    const page = await context.newPage();
    await page.goto('/forum/');
    await hydrated(page);
    const ask = page.getByRole('link', { name: 'Ask a question' });
    const box = (await ask.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(800);
    await ask.click();
    await page.waitForURL('**/forum/#ask');
    // signed out: the way to sign in is what takes the focus, at the form's place
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#ask') !== null)).toBe(true);
    await context.close();
  });
});
