// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  list: vi.fn(async (path: string) =>
    path === 'course'
      ? {
          count: 12,
          next: null,
          previous: null,
          results: [
            { id: 7, slug: 'nursing-bsc', name: 'Nursing BSc', university_id: 3 },
            { id: 8, slug: 'nursing-msc', name: 'Nursing MSc', university_id: 3 },
          ],
        }
      : { count: 0, next: null, previous: null, results: [] },
  ),
  detail: vi.fn(async () => ({
    id: 3,
    name: 'University of Sydney',
    destination_id: 1,
    related: { destination_id: [{ id: 1, label: 'Australia', slug: 'australia' }] },
  })),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import SiteSearch, { type SearchTarget } from '../../src/islands/SiteSearch.tsx';

const api = vi.mocked(publicApi);
const TARGETS: SearchTarget[] = [
  {
    path: 'course',
    sitePath: 'course',
    titleField: 'name',
    label: 'Courses',
    note: { field: 'university_id', path: 'university', titleField: 'name', next: 'destination_id' },
  },
  { path: 'exam', sitePath: 'exam', titleField: 'name', label: 'Exams' },
];
const settle = () => act(() => new Promise((r) => setTimeout(r, 5)));

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('site search', () => {
  it('on the home page, sends Enter to the results page as a plain form', async () => {
    render(<SiteSearch targets={TARGETS} debounceMs={0} />);
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search/');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByRole('searchbox').getAttribute('name')).toBe('search');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nursing' } });
    await settle();
    expect(api.list).toHaveBeenCalledWith('course', { search: 'nursing', page_size: 4 });
    expect(location.search).toBe('');
  });

  it('on the results page, starts from the address, shows more, links to the whole list and keeps the address current', async () => {
    history.replaceState(null, '', '/search/?search=nursing');
    render(<SiteSearch targets={TARGETS} results debounceMs={0} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nursing');
    await settle();
    expect(api.list).toHaveBeenCalledWith('course', { search: 'nursing', page_size: 10 });
    expect(screen.getByRole('link', { name: 'Nursing BSc' }).getAttribute('href')).toBe('/course/nursing-bsc/');
    // a course names its university and country, each university read once
    expect(screen.getByRole('link', { name: 'Nursing BSc' }).parentElement!.textContent).toBe(
      'Nursing BSc · University of Sydney · Australia',
    );
    expect(api.detail).toHaveBeenCalledTimes(1);
    expect(api.detail).toHaveBeenCalledWith('university', 3);
    expect(screen.getByRole('link', { name: 'All 12 matches in courses' }).getAttribute('href')).toBe('/course/?search=nursing');
    expect(screen.queryByRole('heading', { name: 'Exams' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nurse' } });
    await settle();
    expect(location.search).toBe('?search=nurse');
    const submitted = new Event('submit', { cancelable: true });
    screen.getByRole('search').dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
  });
});
