// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  list: vi.fn(async (path: string) =>
    path === 'universities'
      ? { count: 1, next: null, previous: null, results: [{ id: 3, slug: 'usyd', name: 'University of Sydney' }] }
      : {
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              id: 7,
              slug: 'sydney-nursing',
              name: 'Sydney Nursing',
              university_id: 3,
              level: 'bachelor',
              fee: 45000,
              currency: 'AUD',
              icon: '/media/n.webp',
              verified: true,
            },
          ],
        },
  ),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import ListSearch, { readQuery, writeQuery, type SearchFilter, type SortOption } from '../../src/islands/ListSearch.tsx';
import { entities } from '../../src/lib/contract/index.ts';
import { cardDeclaration, type CardDeclaration } from '../../src/lib/site/cards.ts';
import { $profile } from '../../src/lib/stores/profile.ts';

const api = vi.mocked(publicApi);
const FILTERS: SearchFilter[] = [{ name: 'destination', label: 'Destination', kind: 'ref', options: [{ value: '1', label: 'Australia' }] }];
const SORTS: SortOption[] = [{ label: 'Name, A to Z' }, { label: 'Newest first', ordering: '-created_at' }];
// a course's card, with a badge field added to see badges carried over
const CARD: CardDeclaration = {
  ...cardDeclaration(entities.course),
  fields: { ...cardDeclaration(entities.course).fields, verified: { kind: 'boolean', label: 'Verified', badge: 'ok' } },
};
const props = { apiPath: 'course', label: 'Courses', card: CARD, refPaths: { university_id: 'universities' }, sorts: SORTS };
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '', '/course/');
});
afterEach(cleanup);

describe('list search in the address', () => {
  it('reads the search and the declared filters, and nothing else', () => {
    expect(readQuery('?search=nurse&destination=1&evil=x', FILTERS)).toEqual({
      search: 'nurse',
      values: { destination: '1' },
      ordering: '',
    });
    expect(readQuery('?ordering=-created_at', FILTERS, SORTS).ordering).toBe('-created_at');
    // an order the list does not offer is not sent on to the API
    expect(readQuery('?ordering=password', FILTERS, SORTS).ordering).toBe('');
  });

  it('writes them back, keeping other parameters and dropping empty ones', () => {
    expect(writeQuery('?utm_source=fb&search=old', FILTERS, { search: ' nursing ', values: { destination: '1' }, ordering: '' })).toBe(
      '?utm_source=fb&search=nursing&destination=1',
    );
    expect(writeQuery('?search=old&destination=1&ordering=name', FILTERS, { search: '', values: { destination: '' }, ordering: '' })).toBe(
      '',
    );
    expect(writeQuery('', FILTERS, { search: '', values: {}, ordering: '-created_at' })).toBe('?ordering=-created_at');
  });

  it('starts from the address (a shared link, or Back) and keeps the address current as filters change', async () => {
    history.replaceState(null, '', '/course/?search=nurse&destination=1');
    render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(api.list).toHaveBeenCalledWith('course', expect.objectContaining({ search: 'nurse', destination: '1' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nurse');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nursing' } });
    await flush();
    expect(location.search).toBe('?search=nursing&destination=1');
  });

  it('on a later page, links to the first page for the filters', () => {
    render(<ListSearch {...props} filters={[]} filtersHref="/course/" />);
    expect(screen.getByRole('link', { name: 'Filter courses' }).getAttribute('href')).toBe('/course/');
  });

  it('a chosen order goes into the address and to the API', async () => {
    render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    sort.value = '-created_at';
    await act(() => void sort.dispatchEvent(new Event('change', { bubbles: true })));
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(location.search).toBe('?ordering=-created_at');
    expect(api.list).toHaveBeenCalledWith('course', expect.objectContaining({ ordering: '-created_at' }));
  });
});

describe('live results', () => {
  it('show the same card as the static list: picture, badge, facts with the named university, money with its currency', async () => {
    history.replaceState(null, '', '/course/?search=nurse');
    const { container } = render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    await flush();
    // the university is read once, by id, for the whole page of results
    expect(api.list).toHaveBeenCalledWith('universities', expect.objectContaining({ ids: '3' }));
    const card = container.querySelector('li.card')!;
    expect(card.querySelector('a')!.getAttribute('href')).toBe('/course/sydney-nursing/');
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/media/n.webp');
    expect(card.querySelector('.badge.ok')!.textContent).toBe('Verified');
    // the declaration's card facts, in its order: fee, duration, intakes, level, university
    expect(card.textContent).toContain('Yearly fee AUD 45,000');
    expect(card.textContent).toMatch(/Yearly fee AUD 45,000.* · Bachelor · University of Sydney/);
  });
});

describe('only courses I qualify for', () => {
  it("sends the device's profile to the API, not to the address, and counts what it qualifies for", async () => {
    $profile.set({ ielts: { overall: 6.5, lowest: 6 }, study_gap_years: 2 });
    render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => void fireEvent.click(screen.getByLabelText('Only courses I qualify for')));
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    await flush();
    expect(api.list).toHaveBeenCalledWith(
      'course',
      expect.objectContaining({ meets_ielts: '6.5', meets_ielts_lowest: '6', meets_study_gap_years: '2' }),
    );
    expect(location.search).toBe('?qualifying=true');
    expect(screen.getByText('1 course you qualify for')).toBeTruthy();
    expect(screen.getByText(/no entry requirements on record are left out/)).toBeTruthy();
  });

  it('keeps the switch on reload; on a device without a profile a shared link shows the plain list and claims nothing', async () => {
    $profile.set({ toefl: { overall: 90 } });
    history.replaceState(null, '', '/course/?qualifying=true');
    render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    await flush();
    expect(api.list).toHaveBeenCalledWith('course', expect.objectContaining({ meets_toefl: '90' }));
    expect((screen.getByLabelText('Only courses I qualify for') as HTMLInputElement).checked).toBe(true);
    cleanup();
    vi.clearAllMocks();

    $profile.set({});
    history.replaceState(null, '', '/course/?qualifying=true');
    render(<ListSearch {...props} filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(api.list).not.toHaveBeenCalled();
    expect(location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Add your scores' })).toBeTruthy();
  });
});
