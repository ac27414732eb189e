// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../../src/lib/contract/search.ts';

const COURSE_ROW = {
  id: 7,
  slug: 'nursing-bsc',
  name: 'Bachelor of Nursing',
  university_id: 3,
  level: 'bachelor',
  fee: 40000,
  currency: 'AUD',
};
const FOUND: SearchAnswer = {
  query: 'nrsing in australia',
  searched: 'nursing',
  corrected: 'nursing in australia',
  chips: [{ filter: 'country', value: 'australia', label: 'in Australia', text: 'in australia' }],
  groups: [
    {
      kind: 'course',
      label: 'Courses',
      count: 12,
      more: '/course/?search=nursing&country=1',
      results: [COURSE_ROW],
      refs: {
        university_id: [{ id: 3, slug: 'usyd', name: 'University of Sydney', destination_id: 1 }],
        'university_id.destination_id': [{ id: 1, slug: 'australia', name: 'Australia' }],
      },
    },
  ],
  suggestions: { words: [], drop: [] },
};
const NOTHING: SearchAnswer = {
  query: 'nursing in japan under 5 lakh',
  searched: 'nursing',
  corrected: null,
  chips: [
    { filter: 'country', value: 'japan', label: 'in Japan', text: 'in japan' },
    { filter: 'fee_max', value: '500000', label: 'under NPR 5 lakh', text: 'under 5 lakh' },
  ],
  groups: [],
  suggestions: { words: ['nursing', 'nurse'], drop: ['fee_max'] },
};

vi.mock('../../src/lib/api/public.ts', () => ({ searchSite: vi.fn(), searchContract: vi.fn(async () => ({})) }));

import * as publicApi from '../../src/lib/api/public.ts';
import SiteSearch, { type SearchKind } from '../../src/islands/SiteSearch.tsx';
import { entities } from '../../src/lib/contract/index.ts';
import { cardDeclaration, glanceDeclaration } from '../../src/lib/site/cards.ts';

const api = vi.mocked(publicApi);
const KINDS: Record<string, SearchKind> = {
  course: {
    card: cardDeclaration(entities.course),
    sitePath: 'course',
    plural: 'Courses',
    rates: { AUD: { currency: 'AUD', npr_per_unit: 90, rate_date: '2026-11-01' } },
  },
  university: { card: cardDeclaration(entities.university), sitePath: 'university', plural: 'Universities' },
};
// the home page hands the search only what a glance reads
const GLANCE = Object.fromEntries(Object.entries(KINDS).map(([name, kind]) => [name, { ...kind, card: glanceDeclaration(kind.card) }]));
const settle = () => act(() => new Promise((r) => setTimeout(r, 5)));

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('site search island', () => {
  it('on the home page: a plain GET form to the results page, and a title with its facts and fee in rupees per result', async () => {
    api.searchSite.mockResolvedValue(FOUND);
    render(<SiteSearch kinds={GLANCE} debounceMs={0} />);
    const form = screen.getByRole('search') as HTMLFormElement;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search/', 'get']);
    expect(screen.getByRole('searchbox').getAttribute('name')).toBe('search');
    // the answer's schema is fetched as soon as the box has focus, not on the page's load
    expect(api.searchContract).not.toHaveBeenCalled();
    act(() => screen.getByRole('searchbox').focus());
    expect(api.searchContract).toHaveBeenCalledTimes(1);
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'nrsing in australia' } });
    await settle();
    expect(api.searchSite).toHaveBeenCalledWith({ q: 'nrsing in australia', size: 3 }, expect.any(AbortSignal));
    const link = screen.getByRole('link', { name: 'Bachelor of Nursing' });
    expect(link.getAttribute('href')).toBe('/course/nursing-bsc/');
    // a glance: where it is, then what it costs in rupees too
    const facts = link.nextElementSibling!.textContent!;
    expect(facts).toMatch(/^University of Sydney, Australia · Yearly fee AUD\s?40,000 \(about NPR\s?3,600,000/);
    expect(screen.getByRole('link', { name: 'All 12 courses' }).getAttribute('href')).toBe('/course/?search=nursing&country=1');
    expect(screen.getByRole('link', { name: 'See all results for “nrsing in australia”' }).getAttribute('href')).toBe(
      '/search/?search=nrsing+in+australia',
    );
    expect(screen.getByRole('status').textContent).toBe('Found 12 courses.');
    expect(location.search).toBe('');
  });

  it('says "1,000+" for a group the server stopped counting (count_capped)', async () => {
    api.searchSite.mockResolvedValue({ ...FOUND, groups: [{ ...FOUND.groups[0]!, count: 1000, count_capped: true }] });
    history.replaceState(null, '', '/search/?search=nursing');
    render(<SiteSearch kinds={KINDS} results debounceMs={0} />);
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: 'Courses (1,000+)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All 1,000+ courses' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Found 1,000+ courses.');
  });

  it('on the results page: the list cards, a removable chip with its accessible name, and the original query one tap away', async () => {
    api.searchSite.mockResolvedValue(FOUND);
    history.replaceState(null, '', '/search/?search=nrsing+in+australia');
    render(<SiteSearch kinds={KINDS} results debounceMs={0} />);
    await settle();
    expect(api.searchSite).toHaveBeenCalledWith({ q: 'nrsing in australia', size: 8 }, expect.any(AbortSignal));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nrsing in australia');
    expect(screen.getByRole('heading', { level: 2, name: 'Courses (12)' })).toBeTruthy();
    const card = screen.getByRole('heading', { level: 3, name: 'Bachelor of Nursing' }).closest('li')!;
    expect(card.className).toBe('card');
    expect(card.textContent).toMatch(/NPR\s?3,600,000/);
    expect(screen.getByText('nursing in australia', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search instead for nrsing in australia' }));
    expect(api.searchSite).toHaveBeenLastCalledWith({ q: 'nrsing in australia', size: 8, exact: 'true' }, expect.any(AbortSignal));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: in Australia' }));
    expect(api.searchSite).toHaveBeenLastCalledWith({ q: 'nrsing', size: 8 }, expect.any(AbortSignal));
    expect(location.search).toBe('?search=nrsing');
    // Enter searches in place, without leaving the page
    const submitted = new Event('submit', { cancelable: true });
    screen.getByRole('search').dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
  });

  it('an empty result suggests the nearest words, the chip to drop and the lists to browse', async () => {
    api.searchSite.mockResolvedValue(NOTHING);
    history.replaceState(null, '', '/search/?search=nursing+in+japan+under+5+lakh');
    render(<SiteSearch kinds={KINDS} results debounceMs={0} />);
    await settle();
    expect(screen.getByRole('heading', { name: 'No results for “nursing in japan under 5 lakh”' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'nurse' }).getAttribute('href')).toBe('/search/?search=nurse');
    expect(screen.getByRole('link', { name: 'Universities' }).getAttribute('href')).toBe('/university/');
    // only the chip whose removal finds something is offered in the suggestions
    const panel = screen.getByRole('heading', { name: /^No results/ }).parentElement!;
    expect([...panel.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual(['Remove filter: under NPR 5 lakh']);
    fireEvent.click(panel.querySelector('button')!);
    expect(api.searchSite).toHaveBeenLastCalledWith({ q: 'nursing in japan', size: 8 }, expect.any(AbortSignal));
    fireEvent.click(screen.getByRole('link', { name: 'nurse' }));
    expect(api.searchSite).toHaveBeenLastCalledWith({ q: 'nurse', size: 8 }, expect.any(AbortSignal));
    expect(location.search).toBe('?search=nurse');
  });
});
