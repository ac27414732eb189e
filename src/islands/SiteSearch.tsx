/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { glanceFacts, hrefOf, titleOf, type CardDeclaration } from '../lib/site/cards.ts';
import type { Rates } from '../lib/site/money.ts';
import type { SearchChip } from '../lib/contract/search.ts';
import { createSiteSearch, resultsHref, shownCount, type ShownGroup, type SiteSearchStore } from '../lib/stores/siteSearch.ts';
import EntityCard from './EntityCard.tsx';
import { useStore } from './useStore.ts';

/** What the search shows of a kind (an entity name in the answer), given by the page so the declarations stay out of this island. */
export interface SearchKind {
  /** what its cards read of the declaration */
  card: CardDeclaration;
  /** exchange rates when its cards show amounts: rupees beside them, as on its list */
  rates?: Rates;
  /** its list page, for "browse instead" */
  sitePath: string;
  plural: string;
}

export interface SiteSearchProps {
  kinds: Record<string, SearchKind>;
  /** the results page (/search/): whole cards, chips, corrections, suggestions; else the home search's first few */
  results?: boolean;
  /** ms after the last keystroke before asking */
  debounceMs?: number;
}

/** Results per kind: a glance on the home search, a page's worth on the results page. */
const SIZE = { home: 3, results: 8 } as const;

const summary = (groups: ShownGroup[]) => groups.map((g) => `${shownCount(g)} ${g.label.toLowerCase()}`).join(', ');

/** What screen readers hear when results change: one polite sentence, not the whole list. */
function Status({ store }: { store: SiteSearchStore }) {
  const { answer, groups, busy, error } = useStore(store.$search);
  const text = error
    ? error
    : busy && !answer
      ? 'Searching…'
      : answer
        ? groups.length
          ? `Found ${summary(groups)}.`
          : `No results for “${answer.query}”.`
        : '';
  return (
    <p role="status" aria-live="polite" className={error ? 'error' : 'sr-only'}>
      {text}
    </p>
  );
}

function ChipButton({ store, chip, children }: { store: SiteSearchStore; chip: SearchChip; children: string }) {
  return (
    <button type="button" className="chip" aria-label={`Remove filter: ${chip.label}`} onClick={() => store.removeChip(chip)}>
      {children} <span aria-hidden="true">×</span>
    </button>
  );
}

/** "Showing results for nursing · Search instead for nrsing", and the filters understood, each removable. */
function Understood({ store }: { store: SiteSearchStore }) {
  const { answer } = useStore(store.$search);
  if (!answer) return null;
  return (
    <>
      {answer.corrected && (
        <p className="text-lg">
          Showing results for <strong>{answer.corrected}</strong>
          <br />
          <button type="button" className="link text-base" onClick={store.searchInstead}>
            Search instead for {answer.query}
          </button>
        </p>
      )}
      {answer.chips.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted">Filters:</span>
          {answer.chips.map((chip) => (
            <ChipButton key={`${chip.filter}:${chip.value}`} store={store} chip={chip}>
              {chip.label}
            </ChipButton>
          ))}
        </div>
      )}
    </>
  );
}

/** Nothing found: the nearest known words, the chips whose removal finds something, and the lists to browse. Never a dead end. */
function Suggestions({ store, kinds }: { store: SiteSearchStore; kinds: Record<string, SearchKind> }) {
  const { answer } = useStore(store.$search);
  if (!answer) return null;
  const { words, drop } = answer.suggestions;
  const droppable = answer.chips.filter((chip) => drop.includes(chip.filter));
  const follow = (word: string) => (e: MouseEvent) => {
    e.preventDefault();
    store.searchFor(word);
  };
  return (
    <div className="panel">
      <h2>No results for “{answer.query}”</h2>
      {words.length > 0 && (
        <p>
          Did you mean{' '}
          {words.map((word, i) => (
            <span key={word}>
              {i > 0 && ', '}
              <a href={resultsHref(word)} onClick={follow(word)}>
                {word}
              </a>
            </span>
          ))}
          ?
        </p>
      )}
      {droppable.length > 0 && (
        <p className="flex flex-wrap items-center gap-2">
          <span>Try without</span>
          {droppable.map((chip) => (
            <ChipButton key={chip.filter} store={store} chip={chip}>
              {chip.label}
            </ChipButton>
          ))}
        </p>
      )}
      <p className="mb-0">
        Or browse{' '}
        {Object.values(kinds).map((kind, i) => (
          <span key={kind.sitePath}>
            {i > 0 && ' · '}
            <a href={`/${kind.sitePath}/`}>{kind.plural}</a>
          </span>
        ))}
      </p>
    </div>
  );
}

function MoreLink({ group }: { group: ShownGroup }) {
  if (group.count <= group.results.length) return null;
  return (
    <a href={group.more} className="text-sm font-semibold">
      All {shownCount(group)} {group.label.toLowerCase()}
    </a>
  );
}

/** The results page: each kind's cards, as on its list, best-matching kind first. */
function Groups({ store, kinds }: { store: SiteSearchStore; kinds: Record<string, SearchKind> }) {
  const { groups } = useStore(store.$search);
  return groups.map((group) => {
    const kind = kinds[group.kind];
    if (!kind) return null;
    return (
      <section key={group.kind} aria-labelledby={`found-${group.kind}`} className="mb-6">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 id={`found-${group.kind}`} className="m-0">
            {group.label} <span className="text-base font-normal text-muted">({shownCount(group)})</span>
          </h2>
          <MoreLink group={group} />
        </div>
        <ul className="cards">
          {group.results.map((row) => (
            <EntityCard key={row.id} decl={kind.card} row={row} refs={group.refs} rates={kind.rates} level={3} />
          ))}
        </ul>
      </section>
    );
  });
}

/** The home search: a few per kind, each a title and a glance (a course's university, country and fee). */
function Glance({ store, kinds }: { store: SiteSearchStore; kinds: Record<string, SearchKind> }) {
  const { answer, groups } = useStore(store.$search);
  if (!answer) return null;
  return (
    <div className="glance">
      {answer.corrected && (
        <p className="m-0 text-sm text-muted">
          Showing results for <strong>{answer.corrected}</strong>
        </p>
      )}
      {groups.length === 0 && <p className="m-0">No results. Open the results page for suggestions.</p>}
      {groups.map((group) => {
        const kind = kinds[group.kind];
        if (!kind) return null;
        return (
          <section key={group.kind} aria-labelledby={`glance-${group.kind}`}>
            <h2 id={`glance-${group.kind}`}>{group.label}</h2>
            <ul>
              {group.results.map((row) => {
                const facts = glanceFacts(kind.card, row, group.refs, kind.rates);
                return (
                  <li key={row.id}>
                    <a href={hrefOf(kind.card, row)}>{titleOf(kind.card, row)}</a>
                    {facts.length > 0 && <span>{facts.join(' · ')}</span>}
                  </li>
                );
              })}
            </ul>
            <MoreLink group={group} />
          </section>
        );
      })}
      <a className="btn wide" href={resultsHref(answer.query)}>
        See all results for “{answer.query}”
      </a>
    </div>
  );
}

/**
 * The site's search (src/lib/stores/siteSearch.ts: one request per pause in typing, the newest
 * wins). A plain GET form, so Enter opens /search/?search=… before the script has loaded or
 * without it; on the home page it shows the first few of each kind, on the results page (`results`)
 * the cards of every kind, the filters it understood and what to try when nothing matched.
 */
export default function SiteSearch({ kinds, results = false, debounceMs = 120 }: SiteSearchProps) {
  const [store] = useState(() => createSiteSearch({ size: results ? SIZE.results : SIZE.home, debounceMs, keepAddress: results }));
  const { query, answer, groups } = useStore(store.$search);
  useEffect(() => {
    if (results) store.start();
    return store.stop;
  }, [store, results]);

  return (
    <div>
      <form
        role="search"
        action="/search/"
        method="get"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          if (!results) return;
          e.preventDefault();
          store.submit();
        }}
      >
        <label htmlFor="site-search" className="w-full">
          Search destinations, universities, courses, consultancies…
        </label>
        <input
          id="site-search"
          name="search"
          type="search"
          className="min-w-0 flex-1"
          value={query}
          onInput={(e) => store.type(e.currentTarget.value)}
          onFocus={store.warm}
          placeholder="e.g. nursing australia, IELTS, mba canada"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn primary">
          Search
        </button>
      </form>
      <Status store={store} />
      {results ? (
        <div className="mt-4">
          <Understood store={store} />
          {answer && groups.length === 0 ? <Suggestions store={store} kinds={kinds} /> : <Groups store={store} kinds={kinds} />}
        </div>
      ) : (
        <Glance store={store} kinds={kinds} />
      )}
    </div>
  );
}
