/**
 * Dialogs that open by themselves, counted over a student's first four pages in a fresh browser
 * (issue 11): the roadblock ad, then the booking dialog once, then nothing more, and nothing at all
 * on a task page. The page clock is Playwright's, so a visit "lasts" 10 s without the test waiting.
 */
import { afterAll, expect, it } from 'vitest';
import { apiJson, disconnect, hydrated, newContext } from './site-helpers.ts';

afterAll(disconnect);

const VISIT_MS = 10_000;

it('a fresh browser sees the roadblock and the booking dialog once over four pages, nothing on a task page', async () => {
  const [university] = await apiJson<{ results: { slug: string }[] }>('university/?page_size=1').then((r) => r.results);
  const context = await newContext({ quiet: false, noBanner: false, mobile: true });
  const opened: string[] = [];
  await context.exposeBinding('dialogOpened', ({ page }, name: string) => void opened.push(`${new URL(page.url()).pathname} ${name}`));
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const dialog of document.querySelectorAll('[role=dialog]')) {
        if (seen.has(dialog)) continue;
        seen.add(dialog);
        const name = dialog.querySelector('h2')?.textContent ?? dialog.querySelector('img')?.getAttribute('alt') ?? '?';
        (window as unknown as { dialogOpened: (name: string) => void }).dialogOpened(name);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.clock.install();

  const visit = async (path: string) => {
    await page.goto(path);
    await page.clock.runFor(500);
    await hydrated(page);
    // a visitor closes whatever opens, as soon as it opens, for the whole visit
    for (let elapsed = 0; elapsed < VISIT_MS; elapsed += 500) {
      await page.clock.runFor(500);
      const close = page.locator('[role=dialog] button.close');
      if (await close.count()) await close.last().click();
    }
  };

  await visit('/track/');
  expect(opened).toEqual([]);
  await visit('/');
  await visit('/destination/');
  await visit(`/university/${university!.slug}/`);
  expect(opened).toHaveLength(2);
  expect(opened[0]).toMatch(/^\/ /);
  expect(opened[1]).toMatch(/^\/ Book FREE Study Abroad Counselling Session with /);
  await context.close();
});
