// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import EntityCard from '../../src/islands/EntityCard.tsx';
import { entities } from '../../src/lib/contract/index.ts';
import { badgesOf, cardDeclaration } from '../../src/lib/site/cards.ts';
import { endsAt, markEnded } from '../../src/lib/shared/ended.ts';

const licensed = { id: 1, name: 'Everest', slug: 'everest', verified: true, moe_certified: true, licence: { expires_on: '2026-11-24' } };
const before = Date.parse('2026-11-24T18:00:00Z'); // 23:45 on the 24th in Kathmandu
const after = Date.parse('2026-11-24T18:20:00Z'); // 00:05 on the 25th

describe("a consultancy's Licensed badge", () => {
  it('holds until the end of its expiry day in Nepal, links to how we verify it, and turns into a red "Licence expired" once it has lapsed', () => {
    expect(badgesOf(entities.consultancy, licensed, before)).toEqual([
      { label: 'Licensed', tone: 'ok', href: '/how-we-verify/#licence', until: endsAt('2026-11-24'), lapsed: 'Licence expired' },
      { label: 'Verified', tone: 'ok', href: '/how-we-verify/#verified' },
    ]);
    expect(badgesOf(entities.consultancy, licensed, after).map(({ label, tone }) => ({ label, tone }))).toEqual([
      { label: 'Licence expired', tone: 'lapsed' },
      { label: 'Verified', tone: 'ok' },
    ]);
  });

  it('warns in amber, never silence, when there is no licence on record', () => {
    expect(badgesOf(entities.consultancy, { id: 2, verified: false, moe_certified: false, licence: null }, before)).toEqual([
      { label: 'No licence on record', tone: 'warn', href: '/how-we-verify/#licence' },
    ]);
    const list = document.createElement('ul');
    render(
      <EntityCard
        decl={cardDeclaration(entities.consultancy)}
        row={{ id: 2, name: 'Nowhere', slug: 'nowhere', moe_certified: false, licence: null }}
        refs={{}}
      />,
      list,
    );
    expect(list.querySelector('a.badge.warn')!.textContent).toBe('No licence on record');
  });

  it('leaves a card on the day it lapses, in the browser, without a rebuild', () => {
    const list = document.createElement('ul');
    // rendered now, so with an expiry still ahead; then the browser's clock reaches it
    render(
      <EntityCard decl={cardDeclaration(entities.consultancy)} row={{ ...licensed, licence: { expires_on: '2099-12-31' } }} refs={{}} />,
      list,
    );
    const badge = list.querySelector<HTMLAnchorElement>('a.badge.ok')!;
    expect(badge.textContent).toBe('Licensed');
    expect(badge.getAttribute('href')).toBe('/how-we-verify/#licence');
    markEnded(list, Date.parse('2099-12-31T18:00:00Z'));
    expect(badge.hidden).toBe(false);
    markEnded(list, Date.parse('2099-12-31T18:20:00Z'));
    expect(badge.hidden).toBe(true);
    // the card itself is no ended row: it stays where it is, unmarked
    expect(list.querySelector('li')!.classList.contains('ended')).toBe(false);
    expect([...list.querySelectorAll<HTMLElement>('a.badge')].filter((b) => !b.hidden).map((b) => b.textContent)).toEqual([
      'Licence expired',
      'Verified',
    ]);
  });

  it('on a page: hides the licence line and says when it expired', () => {
    document.body.innerHTML = `<section data-ends="${endsAt('2026-11-24')}"><p data-current>Licensed, valid until 24 Nov 2026</p><p data-ended hidden>Licence expired on 24 Nov 2026.</p></section>`;
    markEnded(document, after);
    expect(document.querySelector<HTMLElement>('[data-current]')!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-ended]')!.hidden).toBe(false);
  });
});
