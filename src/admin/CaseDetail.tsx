import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ApplicationCase as Case } from '../lib/contract/records.ts';
import { downloadPrivateFile } from '../lib/api/files.ts';
import { nextStages, STAGE_LABELS, type Stage } from '../lib/contract/applications.ts';
import { formatDate } from '../lib/format.ts';
import { caseListHref, notesOf, staff, staffName } from '../lib/stores/casework.ts';
import { createCaseDetailStore, type CaseDetailStore } from '../lib/stores/caseDetail.ts';
import { ApplicationDocuments } from './ApplicationDocuments.tsx';
import { ApplicationCase } from './CaseSections.tsx';
import { Crumbs, ErrorAlert } from './ui.tsx';

/**
 * One application as a page of its own (issue 26, /dashboard/applications/{id}/): who and where
 * to, what the student disputes, then the stage, documents, messages, payments and agreement, and
 * the staff's case work. The way back keeps the list's filters (they are in its address).
 */
export function CaseDetail({ id }: { id: number }) {
  const store = useMemo(() => createCaseDetailStore(id), [id]);
  const { data, error } = useStore(store.$state);
  useEffect(() => {
    void store.load();
    void staff.load();
  }, [store]);
  return (
    <>
      <Crumbs to={caseListHref()}>Applications</Crumbs>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {!data ? (
        !error && <p role="status">Loading…</p>
      ) : (
        <article aria-labelledby="case-title" className="grid min-w-0 gap-5">
          <CaseHeader row={data} />
          <Disputes row={data} />
          <div className="grid min-w-0 gap-5 min-[1100px]:grid-cols-2">
            <Section title="Stage">
              <Timeline row={data} />
              <StageMove store={store} row={data} />
            </Section>
            <Section title="Documents">
              <ApplicationDocuments applicationId={id} />
            </Section>
            <Section title="Messages, payments and agreement">
              <ApplicationCase id={id} />
            </Section>
            <Section title="Case work">
              <CaseWork store={store} row={data} />
            </Section>
            <Section title="What the student sent">
              <StudentAnswers row={data} />
            </Section>
          </div>
        </article>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `case-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="panel grid min-w-0 content-start gap-3">
      <h2 id={id} className="text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="font-semibold text-muted">{label}</dt>
    <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
  </>
);

function CaseHeader({ row }: { row: Case }) {
  const facts: [string, ReactNode][] = [
    ['Destination', row.destination_name],
    ['University', row.university_name],
    ['Intake', row.preferred_intake],
    ['Level', row.education_level],
    ['Stage', <strong key="stage">{row.status_label}</strong>],
    ['Counsellor', row.counsellor_name ?? 'Unassigned'],
  ];
  return (
    <header className="border-b border-line pb-4">
      <h1 id="case-title" className="[overflow-wrap:anywhere]">
        {row.full_name || 'Applicant'}
      </h1>
      <p className="text-muted">Application {row.tracking_code}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 min-[700px]:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value || '—'}
          </Fact>
        ))}
      </dl>
    </header>
  );
}

const DISPUTED: Record<Case['disputes'][number]['kind'], string> = {
  offer: 'The student says this offer is not right',
  visa: 'The student says this visa decision is not right',
  payment: 'The student disputes this payment',
};

/** What the student disputes, above everything else: the consultancy answers for it, and admins see it too. */
function Disputes({ row }: { row: Case }) {
  if (!row.disputes.length) return null;
  return (
    <section aria-labelledby="case-disputes" className="alert-error grid gap-2">
      <h2 id="case-disputes" className="text-lg">
        Disputed by the student
      </h2>
      <ul className="grid gap-2">
        {row.disputes.map((d) => (
          <li key={`${d.kind}-${d.at}`}>
            <strong>{DISPUTED[d.kind]}:</strong> {d.what}
            {d.reason && <span className="block whitespace-pre-wrap">“{d.reason}”</span>}
            <span className="block text-sm">{formatDate(d.at, { time: true })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ANSWER: Record<string, string> = { confirmed: 'Confirmed by the student', disputed: 'Disputed by the student' };

/** Each stage as set, newest first: when, by whom, its note, and the student's answer to a decision. */
function Timeline({ row }: { row: Case }) {
  return (
    <ol className="grid gap-2" aria-label="Stages so far, newest first">
      {[...row.timeline].reverse().map((e, i) => (
        <li key={`${e.status}-${e.created_at}`} className="border-l-4 border-line pl-3" aria-current={i === 0 ? 'step' : undefined}>
          <strong>{e.status_label}</strong> · <span className="text-muted">{formatDate(e.created_at, { time: true })}</span>
          <span className="block text-sm text-muted">
            {e.actor_role === 'student' ? 'The student' : e.actor_role === 'admin' ? 'An admin' : e.actor_name || 'Your consultancy'}
          </span>
          {e.note && <span className="block whitespace-pre-wrap">{e.note}</span>}
          {e.decision && (
            <span className={`block text-sm ${e.student_answer === 'disputed' ? 'field-error' : ''}`}>
              {e.student_answer ? ANSWER[e.student_answer] : 'Not confirmed by the student yet'}
              {e.student_note ? `: ${e.student_note}` : ''}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Move the case to a next stage, with a note the student reads on /track/. */
function StageMove({ store, row }: { store: CaseDetailStore; row: Case }) {
  const options = nextStages(row.status);
  const [status, setStatus] = useState<Stage | ''>(options[0] ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const error = useStore(store.$moveError);
  useEffect(() => setStatus(nextStages(row.status)[0] ?? ''), [row.status]);
  if (options.length === 0) return <p className="text-muted">This case has ended: its stage cannot change any more.</p>;
  return (
    <form
      method="post"
      className="row-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!status) return;
        setBusy(true);
        if (await store.move(status, note)) setNote('');
        setBusy(false);
      }}
    >
      <label htmlFor="case-move-status">Move to</label>
      <select id="case-move-status" value={status} onChange={(e) => setStatus(e.target.value as Stage)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {STAGE_LABELS[o]}
          </option>
        ))}
      </select>
      <label htmlFor="case-move-note">Note for the student</label>
      <textarea id="case-move-note" rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Move'}
      </button>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** Who works the case, when to follow it up, and the staff's private notes. */
function CaseWork({ store, row }: { store: CaseDetailStore; row: Case }) {
  const members = useStore(staff.$state).data ?? [];
  return (
    <div className="grid gap-3">
      <label htmlFor="case-counsellor-pick">Counsellor</label>
      <select
        id="case-counsellor-pick"
        value={row.counsellor_id == null ? '' : String(row.counsellor_id)}
        onChange={(e) => void store.assign(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Unassigned</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {staffName(m)}
          </option>
        ))}
      </select>
      <label htmlFor="case-follow-up">Follow-up date</label>
      <input id="case-follow-up" type="date" defaultValue={row.follow_up_on ?? ''} onChange={(e) => void store.followUp(e.target.value)} />
      <Notes id={row.id} />
    </div>
  );
}

function Notes({ id }: { id: number }) {
  const store = useMemo(() => notesOf(id), [id]);
  const s = useStore(store.$state);
  const [body, setBody] = useState('');
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div>
      <h3 className="text-base">Private notes (staff only)</h3>
      <ul className="text-sm">
        {(s.data ?? []).map((n) => (
          <li key={n.id} className="border-b border-line py-1">
            <span className="whitespace-pre-wrap">{n.body}</span>
            <br />
            <span className="text-muted">
              {n.author_name ?? 'Former staff'}, {formatDate(n.created_at, { time: true })}
            </span>
          </li>
        ))}
      </ul>
      <form
        method="post"
        className="row-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await store.add(body)) setBody('');
        }}
      >
        <label htmlFor="case-note">New note</label>
        <textarea id="case-note" rows={2} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} required />
        <button type="submit">Add note</button>
      </form>
    </div>
  );
}

/** What the student gave with the application, and the files sent with it (each a download with the session). */
function StudentAnswers({ row }: { row: Case }) {
  const facts: [string, string][] = [
    ['Email', row.email],
    ['Phone', row.phone],
    ['Address', row.address],
    ['Course', row.course_name ?? ''],
    ['Submitted', formatDate(row.created_at)],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
      {facts.map(([label, value]) => (
        <Fact key={label} label={label}>
          {value || '—'}
        </Fact>
      ))}
      <Fact label="Message">{row.message ? <span className="whitespace-pre-wrap">{row.message}</span> : '—'}</Fact>
      <Fact label="Files">
        {row.documents.length
          ? row.documents.map((d) => (
              <button key={d.id} type="button" className="mr-3 underline" onClick={() => void downloadPrivateFile(d.url, d.original_name)}>
                {d.original_name || 'Document'}
              </button>
            ))
          : '—'}
      </Fact>
    </dl>
  );
}
