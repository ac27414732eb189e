/** What the pages and the console read off the declarations' options, rather than off field or entity names. */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_NAV } from '../../src/admin/nav.ts';
import { defineEntity, entities, siteEntities, type EntityName } from '../../src/lib/contract/index.ts';
import { badgesOf, imageOf, leadOf, SITE_ENTITIES, summaryOf } from '../../src/pages/_lib/content.ts';

/** A declaration no page knows by name: what it shows comes from its options alone. */
const housing = defineEntity({
  // outside the registry, so no name it knows
  name: 'housing' as EntityName,
  path: 'housing',
  table: 'housing',
  sitePath: 'housing',
  label: 'Housing',
  plural: 'Housing',
  console: { group: 'Directory', order: 99 },
  titleField: 'title',
  ordering: ['-id'],
  fields: {
    title: { kind: 'text', label: 'Title' },
    photo: { kind: 'image', label: 'Photo', picture: 'cover' },
    badge_img: { kind: 'image', label: 'Emblem', picture: 'small' },
    gallery: { kind: 'image', label: 'Rooms', multiple: true },
    blurb: { kind: 'textarea', label: 'Blurb', lead: true, summary: 2 },
    details: { kind: 'html', label: 'Details', summary: 1 },
    inspected: { kind: 'boolean', label: 'Inspected', badge: 'ok' },
    pets: { kind: 'boolean', label: 'Pets allowed', badge: 'plain' },
  },
});

describe('declared options drive the pages', () => {
  const row = {
    id: 1,
    title: 'Hall',
    photo: '/media/p.jpg',
    badge_img: '/media/e.png',
    blurb: 'Near campus',
    details: '<p>Twin <b>rooms</b></p>',
    inspected: true,
    pets: false,
  };

  it('takes the picture a page asks for from `picture`, the other when it is missing', () => {
    expect(imageOf(housing, row, 'small')).toBe('/media/e.png');
    expect(imageOf(housing, row, 'cover')).toBe('/media/p.jpg');
    expect(imageOf(housing, { ...row, badge_img: '' }, 'small')).toBe('/media/p.jpg');
    expect(imageOf(housing, { id: 2 }, 'cover')).toBeUndefined();
  });

  it('summarises with the lowest-numbered `summary` field that has text, tags stripped', () => {
    expect(summaryOf(housing, row)).toBe('Twin rooms');
    expect(summaryOf(housing, { ...row, details: '' })).toBe('Near campus');
    expect(summaryOf(housing, { ...row, details: 'x'.repeat(50) }, 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('shows `badge` fields that are true as badges and `lead` fields as the lead', () => {
    expect(badgesOf(housing, row).map(({ label, tone }) => ({ label, tone }))).toEqual([{ label: 'Inspected', tone: 'ok' }]);
    expect(badgesOf(housing, { ...row, pets: true }).map((b) => b.label)).toEqual(['Inspected', 'Pets allowed']);
    expect(leadOf(housing, row)).toBe('Near campus');
  });

  it("keeps the real entities' badges and pictures as before", () => {
    expect(badgesOf(entities.college, { id: 1, verified: true, moe_certified: true })).toEqual([
      { label: 'MOE certified', tone: 'plain', href: '/how-we-verify/#moe-certified' },
      { label: 'Verified', tone: 'ok', href: '/how-we-verify/#verified' },
    ]);
    expect(imageOf(entities.destination, { id: 1, country_logo: '/f.png', cover_page: '/c.jpg' })).toBe('/f.png');
    expect(imageOf(entities.destination, { id: 1, country_logo: '/f.png', cover_page: '/c.jpg' }, 'cover')).toBe('/c.jpg');
  });
});

describe('navigation comes from the declarations', () => {
  it('lists every entity with pages on the site, in `nav` order, main menu first', () => {
    expect(SITE_ENTITIES).toEqual(siteEntities().map((d) => d.name));
    expect(SITE_ENTITIES.slice(0, 3)).toEqual(['destination', 'university', 'college']);
    const menus = siteEntities().map((d) => d.nav!.menu);
    expect(menus.indexOf('more')).toBeGreaterThan(menus.lastIndexOf('main'));
  });

  it('puts every entity in exactly one console group, in its order, before the other screens', () => {
    const listed = ADMIN_NAV.flatMap((g) => g.items);
    for (const name of Object.keys(entities)) expect(listed.filter((n) => n === name)).toHaveLength(1);
    const directory = ['destination', 'university', 'college', 'course', 'consultancy', 'exam', 'scholarship', 'event'];
    expect(ADMIN_NAV[0]!.title).toBe('Directory');
    expect(ADMIN_NAV[0]!.items.filter((name) => directory.includes(name))).toEqual(directory);
    expect(ADMIN_NAV.find((g) => g.title === 'People and leads')!.items).toEqual([
      'user',
      'inquiry',
      'application',
      'payments',
      'disputedDecisions',
      'erasures',
      'complaint',
      'review',
    ]);
  });
});

describe('what the site search shows comes from the declarations', () => {
  it("shows every homeSearch entity, in navigation order, in its list's cards, with rates where they show amounts", async () => {
    vi.resetModules();
    const rate = { id: 1, currency: 'AUD', npr_per_unit: 90, rate_date: '2026-11-01' };
    vi.doMock('../../src/lib/api/public.ts', () => ({ listAll: vi.fn(async (path: string) => (path === 'exchange-rate' ? [rate] : [])) }));
    const { searchKinds } = await import('../../src/pages/_lib/content.ts');
    const { cardDeclaration, currencyFields } = await import('../../src/lib/site/cards.ts');
    const kinds = await searchKinds('cards');
    const searched = siteEntities().filter((d) => d.homeSearch);
    expect(Object.keys(kinds)).toEqual(searched.map((d) => d.name));
    expect(kinds.course).toEqual({
      card: cardDeclaration(entities.course),
      sitePath: 'course',
      plural: 'Courses',
      rates: { AUD: { currency: 'AUD', npr_per_unit: 90, rate_date: '2026-11-01' } },
    });
    // rates only where cards show amounts (so pages without money stay unchanged when a rate changes)
    for (const kind of Object.values(kinds)) expect(kind.rates !== undefined).toBe(currencyFields(kind.card).size > 0);
    expect(Object.values(kinds).some((kind) => currencyFields(kind.card).size === 0)).toBe(true);
    // the home search's glance: a course's university (and country) and its fee, nothing else of the card
    const glance = await searchKinds('glance');
    expect(Object.keys(glance)).toEqual(Object.keys(kinds));
    expect(glance.course!.card.card).toEqual(['university_id', 'fee']);
    expect(Object.keys(glance.course!.card.fields)).toEqual(['university_id', 'fee']);
    expect(glance.course!.rates).toEqual(kinds.course!.rates);
    expect(JSON.stringify(glance).length).toBeLessThan(JSON.stringify(kinds).length * 0.6);
    vi.doUnmock('../../src/lib/api/public.ts');
  });
});
