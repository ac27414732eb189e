/** @jsxImportSource preact */
import { useEffect, useMemo, type FormEvent } from 'preact/compat';
import type { DocumentRequest } from '../lib/api/documents.ts';
import { formatDate } from '../lib/format.ts';
import { mayUpload } from '../lib/contract/documents.ts';
import { createTrackDocumentsStore, type TrackDocumentsStore } from '../lib/stores/trackDocuments.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';

const BADGE: Record<string, string> = { accepted: 'badge ok', rejected: 'badge lapsed', received: 'badge', requested: 'badge warn' };

/** The documents the consultancy asked for, on /track/: each one's state and due date, a rejection's reason, and an upload against it. */
export default function TrackDocuments({ code, store: given }: { code: string; store?: TrackDocumentsStore }) {
  const store = useMemo(() => given ?? createTrackDocumentsStore(), [given]);
  const { requests, error, errorIn } = useStore(store.$docs);
  useEffect(() => {
    void store.load(code);
  }, [store, code]);
  if (errorIn === null && error) return <FailureNote failure={error} />;
  if (!requests?.length) return null;
  return (
    <section aria-labelledby="docs-title">
      <h3 id="docs-title">Documents requested</h3>
      <p className="muted">
        Upload each document here (PDF or images, up to 10 MB each). Only you, the consultancy and our admins can open them.
      </p>
      <ul className="review-list">
        {requests.map((r) => (
          <RequestItem key={r.id} request={r} code={code} store={store} />
        ))}
      </ul>
    </section>
  );
}

function RequestItem({ request: r, code, store }: { request: DocumentRequest; code: string; store: TrackDocumentsStore }) {
  const { uploading, uploaded, error, errorIn } = useStore(store.$docs);
  const id = `doc-${r.id}`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const files = [...(form.querySelector<HTMLInputElement>('input[type=file]')?.files ?? [])];
    if (await store.upload(code, r.id, files)) form.reset();
  };
  return (
    <li className="review">
      <p>
        <strong>{r.name}</strong> <span className={BADGE[r.state] ?? 'badge'}>{r.state_label}</span>
      </p>
      <p className="muted">Due {formatDate(r.due_on)}</p>
      {r.note ? <p>{r.note}</p> : null}
      {r.state === 'rejected' && r.rejection_reason ? <p className="error">Why it was rejected: {r.rejection_reason}</p> : null}
      {r.files.length ? (
        <ul>
          {r.files.map((f) => (
            <li key={f.id}>
              <a href={f.url} download>
                {f.original_name || 'document'}
              </a>{' '}
              <span className="muted">uploaded {formatDate(f.created_at)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {uploaded === r.id ? (
        <p className="success" role="status">
          Uploaded. The consultancy has been sent it to check.
        </p>
      ) : null}
      {mayUpload(r.state) ? (
        <form method="post" encType="multipart/form-data" onSubmit={onSubmit}>
          <Field
            id={id}
            label={r.state === 'rejected' ? 'Upload it again' : r.files.length ? 'Add a file' : 'Upload'}
            errors={errorIn === r.id ? error?.fields?.files : undefined}
          >
            <input id={id} name="files" type="file" multiple required accept="application/pdf,image/*" />
          </Field>
          {errorIn === r.id ? <FailureNote failure={error} /> : null}
          <SubmitButton busy={uploading === r.id} busyLabel="Uploading…">
            Upload {r.name}
          </SubmitButton>
        </form>
      ) : null}
    </li>
  );
}
