/** @jsxImportSource preact */
import { useId, useState } from 'preact/compat';
import { askQuestion, reportPost, type ForumCategory, type ForumQuestion } from '../lib/api/public.ts';
import { EDIT_WINDOW_MINUTES } from '../lib/contract/forum.ts';
import { deleteQuestionOf, type PostTarget, type QuestionStore } from '../lib/stores/forum.ts';
import { said, type Failure } from '../lib/stores/submit.ts';
import { Dialog } from './Dialog.tsx';
import { SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';
import { useSubmit } from './useSubmit.ts';

/** A form's failure in one line, where the forum's forms show it. */
function Alert({ failure }: { failure: Failure | null }) {
  return failure ? (
    <p className="error" role="alert">
      {said(failure)}
    </p>
  ) : null;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export function AskForm({
  categories,
  category,
  onAsked,
}: {
  categories: ForumCategory[];
  category: number | null;
  onAsked: (q: ForumQuestion) => void;
}) {
  const ask = useSubmit(async (form) => {
    const asked = await askQuestion({
      title: text(form, 'title'),
      body: text(form, 'body'),
      category: Number(form.get('category')) || null,
    });
    onAsked(asked);
    return asked;
  }, 'Failed to post question');
  return (
    <form method="post" className="panel" onSubmit={ask.onSubmit} aria-label="Ask a question">
      <h2>Ask a question</h2>
      <div className="field">
        <label htmlFor="fq-title">Question *</label>
        <input id="fq-title" name="title" required maxLength={250} />
      </div>
      <div className="field">
        <label htmlFor="fq-body">Details</label>
        <textarea id="fq-body" name="body" rows={4} />
      </div>
      <div className="field">
        <label htmlFor="fq-category">Category</label>
        <select id="fq-category" name="category" defaultValue={category ? String(category) : ''}>
          <option value="">General</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <Alert failure={ask.failure} />
      {/* asked: the page goes to the new question, the button stays busy until it does */}
      <SubmitButton busy={ask.status !== 'idle'} busyLabel="Posting...">
        Post question
      </SubmitButton>
    </form>
  );
}

const REPORTED = 'Thank you. A moderator will look at it.';

/** "Report": why, in a few words, for the moderators' queue. */
export function ReportButton({ kind, id }: { kind: 'question' | 'reply'; id: number }) {
  const [open, setOpen] = useState(false);
  const report = useSubmit(
    async (form) => (await reportPost(kind, id, text(form, 'reason'))).message || REPORTED,
    'Failed to send the report',
  );
  if (report.result)
    return (
      <span role="status" className="muted">
        {report.result}
      </span>
    );
  if (!open)
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Report
      </button>
    );
  const fieldId = `report-${kind}-${id}`;
  return (
    <form method="post" onSubmit={report.onSubmit} aria-label={`Report this ${kind}`}>
      <div className="field">
        <label htmlFor={fieldId}>Why should a moderator look at this {kind}?</label>
        <input id={fieldId} name="reason" required minLength={3} maxLength={500} />
      </div>
      <Alert failure={report.failure} />
      <SubmitButton busy={report.busy} busyLabel="Sending...">
        Send report
      </SubmitButton>
    </form>
  );
}

export interface EditField {
  name: string;
  label: string;
  value: string;
  long: boolean;
}

/** The author's edit of a question (title and details) or a reply (its text), in place. */
export function EditForm({
  fields,
  onSave,
  onCancel,
}: {
  fields: EditField[];
  onSave: (values: Record<string, string>) => Promise<void>;
  onCancel: () => void;
}) {
  const save = useSubmit(
    (form) => onSave(Object.fromEntries(fields.map((f) => [f.name, text(form, f.name)]))),
    'Failed to save your changes',
  );
  const id = useId();
  return (
    <form method="post" className="panel" onSubmit={save.onSubmit} aria-label="Edit your post">
      <p className="muted">You can edit a post for {EDIT_WINDOW_MINUTES} minutes after posting.</p>
      {fields.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          {f.long ? (
            <textarea id={`${id}-${f.name}`} name={f.name} rows={4} defaultValue={f.value} />
          ) : (
            <input id={`${id}-${f.name}`} name={f.name} defaultValue={f.value} required maxLength={250} />
          )}
        </div>
      ))}
      <Alert failure={save.failure} />
      <p className="row">
        <SubmitButton busy={save.status !== 'idle'} busyLabel="Saving...">
          Save changes
        </SubmitButton>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

export function ReplyForm({ store }: { store: QuestionStore }) {
  const { draft, sending } = useStore(store.$question);
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void store.reply();
      }}
      className="panel"
      aria-label="Reply"
    >
      <div className="field">
        <label htmlFor="fr-body">Your reply</label>
        <textarea id="fr-body" rows={3} value={draft} onInput={(e) => store.setDraft(e.currentTarget.value)} required />
      </div>
      <SubmitButton busy={sending} busyLabel="Posting...">
        Post reply
      </SubmitButton>
    </form>
  );
}

/** The author's yes before a post of theirs is deleted: the site's own dialog, not the browser's. */
export function DeleteDialog({ store, target }: { store: QuestionStore; target: PostTarget }) {
  return (
    <Dialog title={deleteQuestionOf(target)} onClose={store.cancelDelete} size="sm">
      <p>This cannot be undone.</p>
      <div className="row">
        <button type="button" className="btn danger" onClick={() => void store.confirmDelete()}>
          Yes, delete
        </button>
        <button type="button" className="btn" onClick={store.cancelDelete}>
          Keep it
        </button>
      </div>
    </Dialog>
  );
}
