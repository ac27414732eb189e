import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { DocumentRequest } from '../lib/api/documents.ts';
import { mayReview } from '../lib/contract/documents.ts';
import { formatDate } from '../lib/format.ts';
import { createApplicationDocumentsStore, type ApplicationDocumentsStore } from '../lib/stores/applicationDocuments.ts';

const BADGE: Record<string, string> = {
  accepted: 'text-checked',
  rejected: 'text-lapsed',
  received: 'text-brand',
  requested: 'text-muted',
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An application's requested documents: request, decide with a reason, download, edit the checklist (owners). */
export function ApplicationDocuments({ applicationId }: { applicationId: number }) {
  const store = useMemo(() => createApplicationDocumentsStore(applicationId), [applicationId]);
  const { data, error, done } = useStore(store.$state);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="grid min-w-0 gap-2" aria-live="polite">
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {done ? <p className="text-muted">{done}</p> : null}
      {!data ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          {data.requests.length ? (
            <ul className="grid gap-2">
              {data.requests.map((r) => (
                <RequestRow key={r.id} request={r} store={store} />
              ))}
            </ul>
          ) : (
            <p className="text-muted">No documents requested yet.</p>
          )}
          <ChecklistRequest store={store} checklist={data.checklist} />
          <SingleRequest store={store} applicationId={applicationId} />
          {store.editsChecklist() ? <ChecklistEditor store={store} checklist={data.checklist} /> : null}
        </>
      )}
    </div>
  );
}

function RequestRow({ request: r, store }: { request: DocumentRequest; store: ApplicationDocumentsStore }) {
  const { busy } = useStore(store.$state);
  const [reason, setReason] = useState('');
  const id = `dr-${r.id}`;
  const reject = async (e: FormEvent) => {
    e.preventDefault();
    if (await store.reject(r.id, reason)) setReason('');
  };
  return (
    <li className="panel grid gap-1">
      <p>
        <span className="font-semibold">{r.name}</span> <span className={BADGE[r.state]}>· {r.state_label}</span>{' '}
        <span className="text-muted">· due {formatDate(r.due_on)}</span>
      </p>
      {r.note ? <p className="text-muted">{r.note}</p> : null}
      {r.rejection_reason ? <p className="text-lapsed">Rejected: {r.rejection_reason}</p> : null}
      {r.files.map((f) => (
        <button
          key={f.id}
          type="button"
          className="btn-link justify-self-start"
          onClick={() => void store.download(f.url, f.original_name)}
        >
          Download {f.original_name || 'document'} ({formatDate(f.created_at)})
        </button>
      ))}
      {mayReview(r.state) ? (
        <form method="post" className="row-form" onSubmit={reject}>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void store.accept(r.id)}>
            Accept
          </button>
          <label htmlFor={`${id}-reason`}>Reason to reject (the student reads it)</label>
          <input id={`${id}-reason`} required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className="btn-danger" disabled={busy}>
            Reject
          </button>
        </form>
      ) : null}
    </li>
  );
}

function ChecklistRequest({ store, checklist }: { store: ApplicationDocumentsStore; checklist: string[] }) {
  const { busy } = useStore(store.$state);
  const [chosen, setChosen] = useState<string[]>([]);
  const [due, setDue] = useState(inDays(14));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length && (await store.requestChecklist(chosen, '', due))) setChosen([]);
  };
  return (
    <form method="post" className="panel grid gap-1" onSubmit={submit}>
      <fieldset className="grid gap-0.5">
        <legend className="font-semibold">Request from the checklist</legend>
        {checklist.map((item) => (
          <label key={item}>
            <input
              type="checkbox"
              checked={chosen.includes(item)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, item] : chosen.filter((c) => c !== item))}
            />{' '}
            {item}
          </label>
        ))}
      </fieldset>
      <DueDate id="cl-due" value={due} onChange={setDue} />
      <button type="submit" className="btn-primary justify-self-start" disabled={busy || !chosen.length}>
        Request {chosen.length || ''} documents
      </button>
    </form>
  );
}

function SingleRequest({ store, applicationId }: { store: ApplicationDocumentsStore; applicationId: number }) {
  const { busy } = useStore(store.$state);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [due, setDue] = useState(inDays(14));
  const id = `one-${applicationId}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await store.request(name, note, due))) return;
    setName('');
    setNote('');
  };
  return (
    <form method="post" className="panel grid gap-1" onSubmit={submit}>
      <p className="font-semibold">Request another document</p>
      <label htmlFor={`${id}-name`}>Document</label>
      <input id={`${id}-name`} required minLength={2} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor={`${id}-note`}>Note for the student (optional)</label>
      <input id={`${id}-note`} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <DueDate id={`${id}-due`} value={due} onChange={setDue} />
      <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
        Request
      </button>
    </form>
  );
}

function DueDate({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id}>Due date</label>
      <input id={id} type="date" required min={inDays(0)} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

function ChecklistEditor({ store, checklist }: { store: ApplicationDocumentsStore; checklist: string[] }) {
  const { busy } = useStore(store.$state);
  const [text, setText] = useState(checklist.join('\n'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.saveChecklist(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
  };
  return (
    <details>
      <summary className="cursor-pointer py-2.5 font-medium text-brand">Edit the checklist for this destination</summary>
      <form method="post" className="grid gap-1" onSubmit={submit}>
        <label htmlFor="cl-edit">One document a line (empty: the defaults)</label>
        <textarea id="cl-edit" rows={9} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          Save checklist
        </button>
      </form>
    </details>
  );
}
