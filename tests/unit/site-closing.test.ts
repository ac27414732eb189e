// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { closesText, CLOSING_SOON_DAYS, markClosing } from '../../src/lib/site/closing.ts';
import { endsAt } from '../../src/lib/shared/ended.ts';

describe('"closes in N days"', () => {
  const deadline = endsAt('2026-12-10')!; // the end of 10 Dec in Nepal
  it('counts calendar days in Nepal, not 24-hour spans', () => {
    // 23:30 on 9 Dec in Nepal (17:45 UTC): the deadline is the next calendar day there
    expect(closesText(deadline, Date.parse('2026-12-09T17:45:00Z'))).toBe('Closes tomorrow');
    // a quarter past midnight on 10 Dec in Nepal, still 9 Dec in UTC
    expect(closesText(deadline, Date.parse('2026-12-09T18:30:00Z'))).toBe('Closes today');
    expect(closesText(deadline, Date.parse('2026-12-08T17:45:00Z'))).toBe('Closes in 2 days');
    expect(closesText(deadline, Date.parse('2026-11-25T06:00:00Z'))).toBe('Closes in 15 days');
  });
  it('says nothing once closed, or while the deadline is far off', () => {
    expect(closesText(deadline, deadline + 1)).toBeNull();
    expect(closesText(deadline, deadline - (CLOSING_SOON_DAYS + 2) * 86_400_000)).toBeNull();
  });
  it('counts again in the browser, so a page built days ago still says the right number', () => {
    document.body.innerHTML = `<p data-closes="${deadline}">Closes in 30 days</p><p data-closes="${deadline}" hidden></p>`;
    markClosing(document, Date.parse('2026-12-05T06:00:00Z'));
    expect([...document.querySelectorAll('p')].map((p) => [p.textContent, p.hidden])).toEqual([
      ['Closes in 5 days', false],
      ['Closes in 5 days', false],
    ]);
    markClosing(document, deadline + 1);
    expect([...document.querySelectorAll('p')].every((p) => p.hidden)).toBe(true);
  });
});
