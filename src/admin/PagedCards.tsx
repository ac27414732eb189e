import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { PagedStore } from '../lib/stores/adminDashboard.ts';
import { Pager } from './DataTable.tsx';

interface Props<T> {
  /** the screen's heading id and its class */
  name: string;
  title: string;
  intro: string;
  store: PagedStore;
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
export function PagedCards<T>({ name, title, intro, store, filter, empty, list = 'ul', listClass = 'cards', card }: Props<T>) {
  const s = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  const rows = (s.data?.results ?? []) as unknown as T[];
  const List = list;
  return (
    <section aria-labelledby={`${name}-title`} className={name}>
      <h1 id={`${name}-title`}>{title}</h1>
      <p className="muted">{intro}</p>
      {filter && (
        <div className="toolbar-row">
          <span className="filter">
            <label htmlFor={`${name}-status`}>{filter.label}</label>
            <select id={`${name}-status`} value={s.filter} onChange={(e) => void store.setFilter(e.target.value)}>
              <option value="">All</option>
              {Object.entries(filter.options).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </span>
        </div>
      )}
      {s.error && (
        <p role="alert" className="error banner">
          {s.error}
        </p>
      )}
      {s.loading && !s.data ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div aria-busy={s.loading}>
          <List className={listClass}>{rows.map(card)}</List>
          {s.data && s.data.count > 0 && <Pager page={s.page} pages={store.pages()} count={s.data.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />}
        </div>
      )}
    </section>
  );
}
