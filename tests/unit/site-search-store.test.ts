// @vitest-environment happy-dom
/** The site search's store: debounce, the newest request wins, chips, "search instead", the address. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteSearchQuery } from '../../src/lib/api/public.ts';
import type { SearchAnswer } from '../../src/lib/contract/search.ts';
import { createSiteSearch, resultsHref, withoutChip } from '../../src/lib/stores/siteSearch.ts';

const AUSTRALIA = { filter: 'country', value: 'australia', label: 'in Australia', text: 'in australia' };

/** An answer as the endpoint gives it: one course group naming its university. */
function answerFor({ q, exact }: SiteSearchQuery): SearchAnswer {
  const misspelt = q.includes('nrsing') && exact !== 'true';
  return {
    query: q,
    searched: misspelt ? 'nursing' : q,
    corrected: misspelt ? q.replace('nrsing', 'nursing') : null,
    chips: q.includes('in australia') ? [AUSTRALIA] : [],
    groups: [
      {
        kind: 'course',
        label: 'Courses',
        count: 5,
        more: `/course/?search=${encodeURIComponent(q)}`,
        results: [{ id: 7, slug: 'nursing-bsc', name: `Nursing for ${q}`, university_id: 3 }],
        refs: { university_id: [{ id: 3, slug: 'usyd', name: 'University of Sydney' }] },
      },
    ],
    suggestions: { words: [], drop: [] },
  };
}

/** A fake of the one call: answers when told to, and records each request and whether it was aborted. */
function fakeSearch() {
  const calls: { query: SiteSearchQuery; signal: AbortSignal; answer: () => void }[] = [];
  const search = vi.fn(
    (query: SiteSearchQuery, signal?: AbortSignal) =>
      new Promise<SearchAnswer>((resolve) => {
        calls.push({ query, signal: signal!, answer: () => resolve(answerFor(query)) });
      }),
  );
  return { search, calls };
}
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/search/');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('site search store', () => {
  it('asks once per pause in typing: nothing before the debounce, one request with the last words after it', async () => {
    const { search, calls } = fakeSearch();
    const store = createSiteSearch({ size: 3, debounceMs: 150, search });
    store.type('nu');
    vi.advanceTimersByTime(100);
    store.type('nurs');
    vi.advanceTimersByTime(100);
    store.type('nursing australia');
    vi.advanceTimersByTime(149);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(calls[0]!.query).toEqual({ q: 'nursing australia', size: 3 });
    calls[0]!.answer();
    await flush();
    const state = store.$search.get();
    expect(state.busy).toBe(false);
    expect(state.groups.map((g) => g.kind)).toEqual(['course']);
    // the cards read the rows a result refers to by id
    expect(state.groups[0]!.refs.university_id!.get(3)!.name).toBe('University of Sydney');
  });

  it('drops a stale answer: the older request is aborted and its late answer never shown', async () => {
    const { search, calls } = fakeSearch();
    const store = createSiteSearch({ size: 3, debounceMs: 150, search });
    store.type('nursing');
    vi.advanceTimersByTime(150);
    store.type('nursing canada');
    expect(calls[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(150);
    calls[1]!.answer();
    await flush();
    calls[0]!.answer(); // the slow first answer arrives last
    await flush();
    expect(store.$search.get().answer!.query).toBe('nursing canada');
    expect(store.$search.get().groups[0]!.results[0]!.name).toBe('Nursing for nursing canada');
  });

  it('too few letters clear the results and ask nothing', async () => {
    const { search, calls } = fakeSearch();
    const store = createSiteSearch({ size: 3, debounceMs: 150, search });
    store.type('nursing');
    vi.advanceTimersByTime(150);
    calls[0]!.answer();
    await flush();
    store.type('n');
    vi.advanceTimersByTime(500);
    expect(search).toHaveBeenCalledTimes(1);
    expect(store.$search.get()).toMatchObject({ answer: null, groups: [], busy: false });
  });

  it('removing a chip searches again at once without the words it came from', async () => {
    const { search, calls } = fakeSearch();
    const store = createSiteSearch({ size: 8, debounceMs: 150, keepAddress: true, search });
    store.type('Nursing in Australia');
    vi.advanceTimersByTime(150);
    calls[0]!.answer();
    await flush();
    store.removeChip(AUSTRALIA);
    expect(calls[1]!.query).toEqual({ q: 'Nursing', size: 8 });
    expect(store.$search.get().query).toBe('Nursing');
    expect(location.search).toBe('?search=Nursing');
  });

  it('"search instead for" asks for the words as typed (exact) and keeps that in the address; typing turns it off', async () => {
    const { search, calls } = fakeSearch();
    history.replaceState(null, '', '/search/?search=nrsing');
    const store = createSiteSearch({ size: 8, debounceMs: 150, keepAddress: true, search });
    store.start();
    expect(calls[0]!.query).toEqual({ q: 'nrsing', size: 8 });
    calls[0]!.answer();
    await flush();
    expect(store.$search.get().answer!.corrected).toBe('nursing');
    store.searchInstead();
    expect(calls[1]!.query).toEqual({ q: 'nrsing', size: 8, exact: 'true' });
    expect(location.search).toBe('?search=nrsing&exact=true');
    calls[1]!.answer();
    await flush();
    expect(store.$search.get().answer!.corrected).toBeNull();
    store.type('nrsing uk');
    vi.advanceTimersByTime(150);
    expect(calls[2]!.query).toEqual({ q: 'nrsing uk', size: 8 });
    expect(location.search).toBe('?search=nrsing+uk');
  });

  it('a shared address opens with its words and exact choice; the home search leaves the address alone', () => {
    const { search, calls } = fakeSearch();
    history.replaceState(null, '', '/search/?search=mba+canada&exact=true');
    createSiteSearch({ size: 8, debounceMs: 150, keepAddress: true, search }).start();
    expect(calls[0]!.query).toEqual({ q: 'mba canada', size: 8, exact: 'true' });
    history.replaceState(null, '', '/');
    const home = createSiteSearch({ size: 3, debounceMs: 150, search });
    home.type('ielts');
    expect(location.search).toBe('');
  });

  it('shows the error of a failed search, and the next search clears it', async () => {
    const search = vi
      .fn()
      .mockRejectedValueOnce(new Error('Too many requests'))
      .mockImplementation(async (q: SiteSearchQuery) => answerFor(q));
    const store = createSiteSearch({ size: 3, debounceMs: 0, search });
    store.searchFor('ielts');
    await flush();
    expect(store.$search.get()).toMatchObject({ error: 'Too many requests', busy: false });
    store.searchFor('pte');
    await flush();
    expect(store.$search.get()).toMatchObject({ error: '', answer: { query: 'pte' } });
  });
});

describe('chip words and the results address', () => {
  it('takes out the phrase a chip came from, whatever its case and spacing, else its words', () => {
    expect(withoutChip('nursing  in Australia', { text: 'in australia' })).toBe('nursing');
    expect(withoutChip('mba canada under 30 lakh', { text: 'under 30 lakh' })).toBe('mba canada');
    expect(withoutChip('australia nursing', { text: 'in australia' })).toBe('nursing');
    expect(withoutChip('nursing', { text: '' })).toBe('nursing');
  });

  it('is the results page with the words (and exact when asked)', () => {
    expect(resultsHref(' nursing  australia ')).toBe('/search/?search=nursing+australia');
    expect(resultsHref('nrsing', true)).toBe('/search/?search=nrsing&exact=true');
  });
});
