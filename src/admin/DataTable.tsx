import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { downloadPrivateFile } from '../lib/api/files.ts';
import type { Row } from './resources/index.ts';
import type { FieldMeta } from '../lib/contract/fields.ts';
import { $labels, labelKey } from '../lib/stores/adminRefs.ts';
import { formatDate } from '../lib/format.ts';
import { Empty } from './ui.tsx';

/**
 * A table of rows, columns from field metadata. On a phone each row reads as a card; wider, a table
 * wider than the screen scrolls sideways in its own box, which the keyboard can reach and scroll,
 * and the row's actions stay in view at its right edge (.data-table in console.css).
 */
export interface Column {
  name: string;
  meta: FieldMeta;
  sortable?: boolean;
}

const SORTABLE = new Set(['text', 'number', 'date', 'datetime', 'select', 'boolean', 'email']);

/** The list columns of these fields; a column sorts when its kind can and the list orders by it (`orderable`, when the list says). */
export function columnsOf(fields: Record<string, FieldMeta>, orderable?: ReadonlySet<string>): Column[] {
  return Object.entries(fields)
    .filter(([, m]) => m.column)
    .map(([name, meta]) => ({ name, meta, sortable: SORTABLE.has(meta.kind) && (!orderable || orderable.has(name)) }));
}

export function Cell({ row, column }: { row: Row; column: Column }) {
  const labels = useStore($labels);
  const v = row[column.name];
  const { meta, name } = column;
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return <span className="text-muted">—</span>;
  switch (meta.kind) {
    case 'boolean':
      // a yes reads as checked (green), a no as a plain pill
      return v === true || v === 'true' ? <span className="badge badge-checked">Yes</span> : <span className="badge">No</span>;
    case 'datetime':
      return <time dateTime={String(v)}>{formatDate(String(v), { time: !meta.dateOnly })}</time>;
    case 'date':
      return <time dateTime={String(v)}>{formatDate(String(v).slice(0, 10))}</time>;
    case 'image':
      return <img src={String(v)} alt="" className="h-12 w-16 rounded object-cover" loading="lazy" />;
    case 'file':
      if (meta.private) return <PrivateFiles value={v} label={meta.label} />;
      return (
        <a href={String(v)} target="_blank" rel="noreferrer">
          Open
        </a>
      );
    case 'ref': {
      const base = name.replace(/_id$/, '');
      const nested = row[base] as { name?: string; title?: string } | undefined;
      const label =
        (row[`${base}_name`] as string | undefined) ??
        nested?.name ??
        nested?.title ??
        (meta.ref ? labels[labelKey(meta.ref, String(v))] : undefined);
      return <>{label ?? `#${String(v)}`}</>;
    }
    case 'select':
      return <span className="badge">{String(v).replace(/_/g, ' ')}</span>;
    case 'textarea':
    case 'html': {
      const s = String(v).replace(/<[^>]*>/g, ' ');
      return <span title={s}>{s.length > 80 ? `${s.slice(0, 80)}…` : s}</span>;
    }
    default:
      return <>{Array.isArray(v) ? v.join(', ') : String(v)}</>;
  }
}

type PrivateFileRef = { url: string; original_name?: string };

/** Personal files (application documents, complaint evidence): fetched with the access token, since they have no public link. */
function PrivateFiles({ value, label }: { value: unknown; label: string }) {
  const files: PrivateFileRef[] = Array.isArray(value) ? value : [{ url: String(value) }];
  if (files.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul role="list">
      {files.map((f) => (
        <li key={f.url}>
          <PrivateFile file={f} label={label} />
        </li>
      ))}
    </ul>
  );
}

function PrivateFile({ file, label }: { file: PrivateFileRef; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const name = file.original_name || label;
  return (
    <>
      <button
        type="button"
        className="btn-link"
        disabled={busy}
        aria-label={file.original_name ? `Download ${name}` : `Download ${label.toLowerCase()}`}
        onClick={async () => {
          setBusy(true);
          setError('');
          try {
            await downloadPrivateFile(file.url, name);
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Downloading…' : file.original_name || 'Download'}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}

/** A row's cell of a column, its text linked to the row's page in the first column. */
function BodyCell({ row, column, link }: { row: Row; column: Column; link: string | null | undefined }) {
  const cell = <Cell row={row} column={column} />;
  return (
    <td data-label={column.meta.label} data-kind={column.meta.kind} className={column.meta.unbroken ? 'whitespace-nowrap' : undefined}>
      {link ? <a href={link}>{cell}</a> : cell}
    </td>
  );
}

export function DataTable(props: {
  caption: string;
  columns: Column[];
  rows: Row[];
  ordering?: string;
  onSort?: (field: string) => void;
  actions?: (row: Row) => ReactNode;
  titleLink?: (row: Row) => string | null;
  empty?: string;
}) {
  const { columns, rows, ordering = '', onSort, actions, titleLink } = props;
  if (rows.length === 0) return <Empty>{props.empty ?? 'Nothing here yet.'}</Empty>;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-line shadow-xs max-[699px]:rounded-none max-[699px]:border-0 max-[699px]:shadow-none"
      role="region"
      aria-label={props.caption}
      tabIndex={0}
    >
      <table className={onSort ? 'data-table sortable' : 'data-table'}>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const sort = ordering === c.name ? 'ascending' : ordering === `-${c.name}` ? 'descending' : undefined;
              return (
                <th key={c.name} scope="col" aria-sort={sort} className={c.sortable && onSort ? 'sortable' : undefined}>
                  {c.sortable && onSort ? (
                    <button
                      type="button"
                      className="min-h-0 gap-0 border-0 bg-transparent p-0 font-semibold text-inherit uppercase shadow-none hover:bg-transparent hover:text-brand max-[699px]:min-h-11 max-[699px]:text-sm max-[699px]:text-brand max-[699px]:normal-case"
                      onClick={() => onSort(c.name)}
                    >
                      {c.meta.label}
                      <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}</span>
                    </button>
                  ) : (
                    c.meta.label
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col" className="actions">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)}>
              {columns.map((c, i) => (
                <BodyCell key={c.name} row={row} column={c} link={i === 0 ? titleLink?.(row) : null} />
              ))}
              {actions && (
                <td className="actions">
                  <div className="flex flex-wrap items-center gap-2 [&_a]:inline-flex [&_a]:min-h-11 [&_a]:items-center [&_a]:px-1 [&_a]:font-medium [&_form]:whitespace-normal">
                    {actions(row)}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  page,
  pages,
  count,
  onPage,
  busy,
}: {
  page: number;
  pages: number;
  count: number;
  onPage: (p: number) => void;
  busy?: boolean;
}) {
  return (
    <nav className="my-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted" aria-label="Pages">
      <button type="button" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages} · {count} in all
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={busy || page >= pages}>
        Next
      </button>
    </nav>
  );
}
