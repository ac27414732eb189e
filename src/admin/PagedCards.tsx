import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { Pager } from './DataTable.tsx';
import { Empty, FilterField, ScreenHeader, Toolbar } from './ui.tsx';

interface Props<T extends { id: number }> {
  /** the screen's heading id */
  name: string;
  title: string;
  intro: string;
  store: PagedStore<T>;
  /** a filter of the list by status: its label and its options, value to label */
  filter?: { label: string; options: Record<string, string> };
  empty: string;
  /** the list element: an ordered list where the order means something (newest reviews) */
  list?: 'ul' | 'ol';
  listClass?: string;
  card: (row: T) => ReactNode;
}

/**
 * A console screen of cards, page by page (licences, the outbox, reviews): each row is a card
 * because it carries a form or long text that a table cannot hold on a phone.
 */
export function PagedCards<T extends { id: number }>({
  name,
  title,
  intro,
  store,
  filter,
  empty,
  list = 'ul',
  listClass = 'grid gap-3',
  card,
}: Props<T>) {
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = s.data?.results ?? [];
  const List = list;
  return (
    <section aria-labelledby={`${name}-title`}>
      <ScreenHeader id={`${name}-title`} title={title} />
      <p className="max-w-3xl text-muted">{intro}</p>
      {filter && (
        <Toolbar>
          <FilterField id={`${name}-status`} label={filter.label}>
            <select id={`${name}-status`} value={s.filter} onChange={(e) => void store.setFilter(e.target.value)}>
              <option value="">All</option>
              {Object.entries(filter.options).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </FilterField>
        </Toolbar>
      )}
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <div aria-busy={s.loading}>
          <List role="list" className={`my-4 ${listClass}`}>
            {rows.map(card)}
          </List>
          {s.data && s.data.count > 0 && (
            <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />
          )}
        </div>
      )}
    </section>
  );
}
