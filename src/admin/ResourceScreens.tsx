import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { create, getOne, update } from '../lib/api/admin.ts';
import { resource, type FilterDef, type Row } from './resources/index.ts';
import { entities, writableFields } from '../lib/contract/index.ts';
import { downloadText } from '../lib/forms/csv.ts';
import { $router, href, slugOf } from '../lib/stores/admin.ts';
import { usesLine } from '../lib/stores/adminConfirm.ts';
import { createFormStore } from '../lib/stores/adminForm.ts';
import { listStore, type ListStore } from '../lib/stores/adminList.ts';
import { columnsOf, DataTable, Pager } from './DataTable.tsx';
import { EntityForm } from './EntityForm.tsx';
import { DialogActions, Modal } from './ConfirmDialog.tsx';
import { Crumbs, FilterField, RowError, ScreenHeader, Toolbar } from './ui.tsx';
import { RefPicker } from './widgets.tsx';

function ListToolbar({ name, store }: { name: string; store: ListStore }) {
  const r = resource(name);
  const s = useStore(store.$state);
  return (
    <Toolbar search>
      <label className="sr-only" htmlFor="list-search">
        Search {r.plural.toLowerCase()}
      </label>
      <input
        id="list-search"
        type="search"
        className="w-auto flex-[1_1_14rem]"
        placeholder={`Search ${r.plural.toLowerCase()}…`}
        value={s.params.search}
        onChange={(e) => store.setSearch(e.target.value)}
      />
      {Object.entries(r.filters).map(([key, f]) => (
        <FilterInput key={key} name={key} filter={f} value={s.params.filters[key] ?? ''} onChange={(v) => void store.setFilter(key, v)} />
      ))}
      {(Object.keys(s.params.filters).length > 0 || s.params.search) && (
        <button type="button" onClick={() => void store.clearFilters()}>
          Clear
        </button>
      )}
    </Toolbar>
  );
}

/** A row of a resource with a form: open it, or delete it (after asking what uses it). */
function EditOrDelete({ name, store, row }: { name: string; store: ListStore; row: Row }) {
  const r = resource(name);
  const { checking } = useStore(store.$state);
  const title = String(row[r.titleField] ?? row.id);
  return (
    <>
      <a href={href('adminEdit', { resource: slugOf(name), id: row.id })} aria-label={`Edit ${title}`}>
        Edit
      </a>
      {r.remove && (
        <button
          type="button"
          className="btn-danger"
          onClick={() => void store.askDelete(row.id, String(row[r.titleField] ?? `#${row.id}`))}
          aria-label={`Delete ${title}`}
        >
          {checking === row.id ? 'Checking…' : 'Delete'}
        </button>
      )}
    </>
  );
}

/** What a row offers, by what the resource allows: moderation, a status change, its one action, or edit and delete. */
function rowActions(name: string, store: ListStore): ((row: Row) => ReactNode) | undefined {
  const r = resource(name);
  if (!r.readOnly) return (row) => <EditOrDelete name={name} store={store} row={row} />;
  if (r.moderate) return (row) => <Moderation name={name} store={store} row={row} />;
  if (r.update && r.fields.status?.options) return (row) => <StatusChange name={name} store={store} row={row} />;
  if (r.rowAction) return (row) => <RowAction name={name} store={store} row={row} />;
  return undefined;
}

/** The generic list screen of any resource: search, filters, sorting and paging on the server. */
export function ResourceList({ name }: { name: string }) {
  const r = resource(name);
  const store = listStore(name);
  const s = useStore(store.$state);
  const columns = useMemo(() => columnsOf(r.fields, r.orderable), [r]);
  const actions = useMemo(() => rowActions(name, store), [name, store]);
  const [exporting, setExporting] = useState(false);
  const slug = slugOf(name);

  useEffect(() => {
    void store.load();
  }, [store]);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadText(`${slug}-${new Date().toISOString().slice(0, 10)}.csv`, await store.exportCsv());
    } catch (e) {
      store.$state.setKey('error', e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="list-title">
      <ScreenHeader id="list-title" title={r.plural}>
        <button type="button" onClick={onExport} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        {!r.readOnly && (
          <a className="button btn-primary" href={href('adminCreate', { resource: slug })}>
            New {r.label.toLowerCase()}
          </a>
        )}
      </ScreenHeader>
      <ListToolbar name={name} store={store} />
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.blocked && <DeleteBlocked name={name} store={store} />}
      {s.loading && !s.page ? (
        <p role="status">Loading…</p>
      ) : (
        <div aria-busy={s.loading}>
          <DataTable
            caption={r.plural}
            columns={columns}
            rows={s.page?.results ?? []}
            ordering={s.params.ordering}
            onSort={r.sortable ? (f) => void store.toggleOrdering(f) : undefined}
            titleLink={r.readOnly ? undefined : (row) => href('adminEdit', { resource: slug, id: row.id })}
            empty={s.params.search || Object.keys(s.params.filters).length ? 'Nothing matches.' : `No ${r.plural.toLowerCase()} yet.`}
            actions={actions}
          />
          {s.page && s.page.count > 0 && (
            <Pager page={s.params.page} pages={store.pages()} count={s.page.count} onPage={(p) => void store.setPage(p)} busy={s.loading} />
          )}
        </div>
      )}
    </section>
  );
}

/** A list-only resource's one action on a row (`rowAction`: "Still correct" on a stale fee). */
function RowAction({ name, store, row }: { name: string; store: ListStore; row: Row }) {
  const r = resource(name);
  const [busy, setBusy] = useState(false);
  const title = String(row[r.titleField] ?? row.id);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        aria-label={`${r.rowAction!.label}: ${title}`}
        onClick={async () => {
          setBusy(true);
          await store.act(row, title);
          setBusy(false);
        }}
      >
        {busy ? 'Saving…' : r.rowAction!.label}
      </button>
      <RowError store={store} id={row.id} />
    </>
  );
}

/** A list-only resource with an update route (complaints): a row's status is changed in the list, with an optional note for its history. */
function StatusChange({ name, store, row }: { name: string; store: ListStore; row: Row }) {
  const r = resource(name);
  const current = String(row.status ?? '');
  // the current status first: the select starts there and Set status waits for a change
  const options = r.nextStatuses ? [current, ...r.nextStatuses.of(row.status)] : r.fields.status!.options!;
  const labelOf = (o: string) => r.nextStatuses?.labels[o] ?? o.replace(/_/g, ' ');
  const [status, setStatus] = useState(current);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const title = String(row[r.titleField] ?? row.id);
  return (
    <form
      method="post"
      className="row-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        if (await store.changeStatus(row.id, status, title, note.trim())) setNote('');
        setBusy(false);
      }}
    >
      <label htmlFor={id}>Status of {title}</label>
      <select id={id} value={status} onChange={(e) => setStatus(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-note`}>Note (optional)</label>
      <textarea id={`${id}-note`} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={busy || status === row.status}>
        {busy ? 'Saving…' : 'Set status'}
      </button>
      <RowError store={store} id={row.id} />
    </form>
  );
}

/** A row an admin removes from the site with a reason shown in its place (reviews), or restores. */
function Moderation({ name, store, row }: { name: string; store: ListStore; row: Row }) {
  const r = resource(name);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const title = String(row[r.titleField] ?? row.id);
  const removed = row.removed === true;
  const { min, max } = r.moderate!.reason;
  const act = async (why: string | null) => {
    setBusy(true);
    if (await store.moderate(row.id, why, title)) setReason('');
    setBusy(false);
  };
  if (removed)
    return (
      <>
        <button type="button" disabled={busy} onClick={() => void act(null)}>
          {busy ? 'Restoring…' : `Restore ${title}`}
        </button>
        <RowError store={store} id={row.id} />
      </>
    );
  return (
    <form
      method="post"
      className="row-form"
      onSubmit={(e) => {
        e.preventDefault();
        void act(reason.trim());
      }}
    >
      <label htmlFor={id}>Why remove {title}? (shown in its place)</label>
      <input id={id} value={reason} required minLength={min} maxLength={max} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="btn-danger" disabled={busy || reason.trim().length < min}>
        {busy ? 'Removing…' : 'Remove'}
      </button>
      <RowError store={store} id={row.id} />
    </form>
  );
}

function FilterInput({ name, filter, value, onChange }: { name: string; filter: FilterDef; value: string; onChange: (v: string) => void }) {
  const id = `filter-${name}`;
  let input;
  switch (filter.kind) {
    case 'select':
      input = (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All</option>
          {filter.options?.map((o) => (
            <option key={o} value={o}>
              {o.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      input = (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Any</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
      break;
    case 'flag':
      return (
        <span className="flex min-h-11 items-center gap-2 text-sm">
          <input id={id} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : '')} />
          <label htmlFor={id}>{filter.label}</label>
        </span>
      );
    case 'date':
      input = <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'ref':
      input = (
        <RefPicker
          id={id}
          refName={filter.ref!}
          multiple={false}
          value={value}
          onChange={(v) => onChange(String(v ?? ''))}
          label={filter.label}
          placeholder="Any"
        />
      );
      break;
  }
  return (
    <FilterField id={id} label={filter.label}>
      {input}
    </FilterField>
  );
}

/**
 * The dialog for a row other rows use, opened at once by its Delete button (the server was asked
 * first): says which rows use it and offers to move them all to another row of the same kind and
 * delete, or to leave everything as it is. It never says the delete cannot be undone: there is none yet.
 */
function DeleteBlocked({ name, store }: { name: string; store: ListStore }) {
  const r = resource(name);
  const blocked = useStore(store.$state).blocked!;
  const [target, setTarget] = useState<unknown>('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const what = r.label.toLowerCase();
  const reassign = async () => {
    setBusy(true);
    await store.remove(blocked.id, { title: blocked.title, reassignTo: Number(target) });
    setBusy(false);
  };
  return (
    <Modal
      title={`${r.label} “${blocked.title}” is in use`}
      describedBy={`${id}-uses`}
      focus='[data-answer="no"]'
      onClose={() => store.cancelBlocked()}
    >
      <div id={`${id}-uses`} className="rounded-md border border-unverified/40 bg-unverified/5 px-3 py-2">
        <p className="font-medium text-unverified">It cannot be deleted while these use it:</p>
        <ul className="mt-1 list-disc pl-5">
          {blocked.usedBy.map((u) => (
            <li key={u.entity}>{usesLine(u)}</li>
          ))}
        </ul>
      </div>
      <p>
        Choose another {what} for them; then “{blocked.title}” is deleted.
      </p>
      <div className="grid gap-1">
        <label htmlFor={`${id}-to`} className="font-semibold">
          Another {what}
        </label>
        <RefPicker
          id={`${id}-to`}
          refName={name}
          multiple={false}
          value={target}
          onChange={setTarget}
          label={`Another ${what}`}
          placeholder={`Search ${r.plural.toLowerCase()}…`}
        />
      </div>
      <DialogActions>
        <button type="button" data-answer="no" onClick={() => store.cancelBlocked()}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-danger-solid"
          disabled={busy || target === '' || Number(target) === Number(blocked.id)}
          onClick={() => void reassign()}
        >
          {busy ? 'Moving…' : 'Move them and delete'}
        </button>
      </DialogActions>
    </Modal>
  );
}

/** The generic create and edit screen of any resource. */
export function ResourceEdit({ name, id }: { name: string; id?: string }) {
  const r = resource(name);
  const slug = slugOf(name);
  // derived fields (a consultancy's moe_certified, from its licence) are shown in lists, never edited
  const fields = useMemo(() => writableFields(r.fields), [r]);
  const store = useMemo(
    () =>
      createFormStore({
        fields,
        load: id
          ? async () => {
              try {
                return await getOne(name, id);
              } catch (e) {
                // no detail route (users): the row the list already showed
                const row = listStore(name)
                  .$state.get()
                  .page?.results.find((x) => String(x.id) === id);
                if (row) return row;
                throw e;
              }
            }
          : undefined,
        save: (values) => (id ? update(name, id, values) : create(name, values)),
        savedMessage: id ? `${r.label} saved.` : `${r.label} created.`,
        followsSite: name in entities,
      }),
    [name, id, r, fields],
  );
  const s = useStore(store.$state);
  return (
    <>
      <Crumbs to={href('adminList', { resource: slug })}>{r.plural}</Crumbs>
      <EntityForm
        key={`${name}-${id ?? 'new'}`}
        title={
          id
            ? `Edit ${r.label.toLowerCase()}${s.record ? `: ${String(s.record[r.titleField] ?? '')}` : ''}`
            : `New ${r.label.toLowerCase()}`
        }
        fields={fields}
        mode={id ? 'update' : 'create'}
        store={store}
        onSaved={(row) => {
          if (!id && row.id !== undefined) $router.open(href('adminEdit', { resource: slug, id: String(row.id) }), true);
        }}
        actions={<a href={href('adminList', { resource: slug })}>Back to the list</a>}
      />
    </>
  );
}
