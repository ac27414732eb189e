// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({ list: vi.fn(async () => ({ count: 1, next: null, previous: null, results: [{ id: 7, slug: 'sydney-nursing', name: 'Sydney Nursing' }] })) }));

import * as publicApi from '../../src/lib/api/public.ts';
import ListSearch, { readQuery, writeQuery, type SearchFilter } from '../../src/islands/ListSearch.tsx';

const api = vi.mocked(publicApi);
const FILTERS: SearchFilter[] = [{ name: 'destination', label: 'Destination', kind: 'ref', options: [{ value: '1', label: 'Australia' }] }];
const flush = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '', '/course/');
});
afterEach(cleanup);

describe('list search in the address', () => {
  it('reads the search and the declared filters, and nothing else', () => {
    expect(readQuery('?search=nurse&destination=1&evil=x', FILTERS)).toEqual({ search: 'nurse', values: { destination: '1' } });
  });

  it('writes them back, keeping other parameters and dropping empty ones', () => {
    expect(writeQuery('?utm_source=fb&search=old', FILTERS, ' nursing ', { destination: '1' })).toBe('?utm_source=fb&search=nursing&destination=1');
    expect(writeQuery('?search=old&destination=1', FILTERS, '', { destination: '' })).toBe('');
  });

  it('starts from the address (a shared link, or Back) and keeps the address current as filters change', async () => {
    history.replaceState(null, '', '/course/?search=nurse&destination=1');
    render(<ListSearch apiPath="course" sitePath="course" titleField="name" label="Courses" filters={FILTERS} debounceMs={0} />);
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(api.list).toHaveBeenLastCalledWith('course', expect.objectContaining({ search: 'nurse', destination: '1' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nurse');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nursing' } });
    await flush();
    expect(location.search).toBe('?search=nursing&destination=1');
  });

  it('on a later page, links to the first page for the filters', () => {
    render(<ListSearch apiPath="course" sitePath="course" titleField="name" label="Courses" filters={[]} filtersHref="/course/" />);
    expect(screen.getByRole('link', { name: 'Filter courses' }).getAttribute('href')).toBe('/course/');
  });
});
