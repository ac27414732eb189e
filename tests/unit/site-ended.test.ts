// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { currentFirst, endsAt, hasEnded, markEnded } from '../../src/lib/shared/ended.ts';

describe('what has ended', () => {
  it('ends a calendar date at the end of that day in Nepal, and a moment at that moment', () => {
    expect(new Date(endsAt('2026-10-29')!).toISOString()).toBe('2026-10-29T18:14:59.999Z');
    expect(endsAt('2026-11-24T10:00:00Z')).toBe(Date.parse('2026-11-24T10:00:00Z'));
    expect(endsAt('')).toBeNull();
    expect(endsAt('soon')).toBeNull();
    // 29 Oct is still on in Kathmandu at 23:00 local (17:15Z), over at 00:05 on the 30th (18:20Z)
    expect(hasEnded('2026-10-29', Date.parse('2026-10-29T17:15:00Z'))).toBe(false);
    expect(hasEnded('2026-10-29', Date.parse('2026-10-29T18:20:00Z'))).toBe(true);
    expect(hasEnded(null, Date.now())).toBe(false);
  });

  it('lists current rows first in their order, then ended ones, most recently ended first', () => {
    const now = Date.parse('2026-11-24T00:00:00Z');
    const rows = [
      { id: 1, deadline: '2026-01-01' },
      { id: 2, deadline: '2027-03-01' },
      { id: 3, deadline: '2026-11-01' },
      { id: 4, deadline: null },
      { id: 5, deadline: '2026-12-01' },
    ];
    expect(currentFirst(rows, 'deadline', now).map((r) => r.id)).toEqual([2, 4, 5, 3, 1]);
  });

  it('in the browser, marks cards and pages that ended since the build and moves such cards after current ones', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    document.body.innerHTML = `
      <ul>
        <li id="a" data-ends="${now - 60_000}"><p data-ended hidden>Ended</p></li>
        <li id="b" data-ends="${now + 86_400_000}"><p data-ended hidden>Ended</p></li>
        <li id="c" class="ended" data-ends="${now - 9e9}"><p data-ended>Ended</p></li>
        <li id="d"></li>
      </ul>
      <article id="page" data-ends="${now - 1}"><p data-ended hidden>This offer has ended.</p></article>`;
    markEnded(document, now);
    expect([...document.querySelectorAll('li')].map((li) => li.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(document.getElementById('a')!.classList.contains('ended')).toBe(true);
    expect((document.querySelector('#a [data-ended]') as HTMLElement).hidden).toBe(false);
    expect((document.querySelector('#b [data-ended]') as HTMLElement).hidden).toBe(true);
    expect((document.querySelector('#page [data-ended]') as HTMLElement).hidden).toBe(false);
  });
});
