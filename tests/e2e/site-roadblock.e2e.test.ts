import { afterAll, describe, expect, it } from 'vitest';
import { disconnect, newContext } from './site-helpers.ts';

afterAll(disconnect);

describe('roadblock ad (once per browser session)', () => {
  it('shows once, with the right image per screen, the title as alt and a new-tab link; never again in the session', async () => {
    const context = await newContext({ quiet: false, mobile: true });
    const page = await context.newPage();
    await page.goto('/destination/');
    const dialog = page.locator('.roadblock');
    await dialog.waitFor({ timeout: 15_000 });
    const img = dialog.locator('picture img');
    const title = (await img.getAttribute('alt'))!;
    expect(title.length).toBeGreaterThan(3);
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await dialog.locator('a').getAttribute('target')).toBe('_blank');
    // small screen: the mobile image is the one shown
    const shown = await img.evaluate((el) => (el as HTMLImageElement).currentSrc);
    expect(shown).toContain(await img.getAttribute('src'));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.roadblock').count()).toBe(0);
    await page.goto('/university/');
    await page.waitForTimeout(1500);
    expect(await page.locator('.roadblock').count()).toBe(0);
    await context.close();
  });

  it('uses the desktop image on a wide screen', async () => {
    const context = await newContext({ quiet: false });
    const page = await context.newPage();
    await page.goto('/');
    const picture = page.locator('.roadblock picture');
    await picture.waitFor({ timeout: 15_000 });
    const desktop = (await picture.locator('source').getAttribute('srcset'))!;
    await expect.poll(() => picture.locator('img').evaluate((el) => (el as HTMLImageElement).currentSrc)).toContain(desktop);
    await context.close();
  });

  it('never shows on the console', async () => {
    const context = await newContext({ quiet: false });
    const page = await context.newPage();
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/ads/')) asked = true;
    });
    await page.goto('/admin/');
    await page.waitForTimeout(2500);
    expect(await page.locator('.roadblock').count()).toBe(0);
    expect(asked).toBe(false);
    await context.close();
  });
});
