/** @jsxImportSource preact */
import '../admin/zod-jitless.ts';
import { useEffect, useMemo, type FormEvent } from 'preact/compat';
import { MAX_MESSAGE_ATTACHMENTS } from '../lib/contract/cases.ts';
import { formatDate } from '../lib/format.ts';
import { createCaseStore } from '../lib/stores/case.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';

/** The application's thread on /track/: both sides' messages with their attachments, and the student's answer. */
export default function TrackMessages({ code }: { code: string }) {
  const store = useMemo(() => createCaseStore({ code }), [code]);
  const { messages, busy, error, errorIn } = useStore(store.$case);
  useEffect(() => {
    void store.loadMessages();
  }, [store]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await store.send(new FormData(form))) form.reset();
  };

  return (
    <section aria-labelledby="tm-title">
      <h3 id="tm-title">Messages</h3>
      {messages?.length === 0 ? (
        <p className="muted">No messages yet. Write to the consultancy here; they answer in the same place.</p>
      ) : null}
      <ol className="grid list-none gap-3 p-0">
        {(messages ?? []).map((m) => (
          <li key={m.id} className={m.author === 'applicant' ? 'card ml-6' : 'card mr-6'}>
            <p className="muted">
              <strong>{m.author_name}</strong> · {formatDate(m.created_at, { time: true })}
            </p>
            <p className="whitespace-pre-line break-words">{m.body}</p>
            {m.attachments.length ? (
              <ul className="m-0 pl-5">
                {m.attachments.map((f) => (
                  <li key={f.id}>
                    <a href={f.url} download>
                      {f.original_name || 'Attachment'}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <form method="post" onSubmit={onSubmit} encType="multipart/form-data">
        <Field id="tm-body" label="Your message" errors={errorIn === 'messages' ? error?.fields?.body : undefined}>
          <textarea id="tm-body" name="body" rows={3} maxLength={5000} required />
        </Field>
        <Field
          id="tm-files"
          label={`Attach files (PDF or images, up to ${MAX_MESSAGE_ATTACHMENTS})`}
          errors={errorIn === 'messages' ? error?.fields?.attachments : undefined}
        >
          <input id="tm-files" name="attachments" type="file" multiple accept="application/pdf,image/*" />
        </Field>
        {errorIn === 'messages' ? <FailureNote failure={error} /> : null}
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send message
        </SubmitButton>
      </form>
    </section>
  );
}
