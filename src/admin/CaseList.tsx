import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { STAGES, STAGE_LABELS } from '../lib/contract/applications.ts';
import type { FieldMeta } from '../lib/contract/fields.ts';
import {
  $caseFilters,
  assignCase,
  cases,
  followUpCase,
  loadCaseWork,
  notesOf,
  setCaseFilter,
  staff,
  stages,
} from '../lib/stores/casework.ts';
import type { CaseRow, StaffMember } from '../lib/api/casework.ts';
import { formatDate } from '../lib/format.ts';
import { columnsOf, DataTable, Pager } from './DataTable.tsx';
import { FilterField, Toolbar } from './ui.tsx';
import { resources } from './resources/index.ts';

/** The consultancy's applications as cases: counts per stage, filters, and per case its counsellor, follow-up and private notes. */

const text = (label: string): FieldMeta => ({ kind: 'text', label, column: true });
const caseFields: Record<string, FieldMeta> = {
  tracking_code: text('Tracking code'),
  full_name: text('Applicant'),
  destination_name: text('Destination'),
  university_name: text('University'),
  preferred_intake: text('Intake'),
  education_level: text('Level'),
  // the files sent with the application, each a download with the session (no public link)
  documents: resources.application!.fields.documents!,
  status_label: text('Stage'),
  counsellor_name: text('Counsellor'),
  follow_up_on: { kind: 'date', label: 'Follow-up', column: true },
  last_activity_at: { kind: 'datetime', label: 'Last activity', column: true },
};

const nameOf = (m: StaffMember) => [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email;

function StageCounts() {
  const s = useStore(stages.$state);
  const filters = useStore($caseFilters);
  if (!s.data) return null;
  return (
    <ul aria-label="Applications per stage" className="mb-4 flex flex-wrap gap-2">
      {s.data.stages.map((st) => (
        <li key={st.stage}>
          <button
            type="button"
            className="button"
            aria-pressed={filters.status === st.stage}
            onClick={() => void setCaseFilter('status', filters.status === st.stage ? '' : st.stage)}
          >
            {st.label} <span className="badge">{st.count}</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="button" aria-pressed={filters.due} onClick={() => void setCaseFilter('due', !filters.due)}>
          Due today <span className="badge">{s.data.due}</span>
        </button>
      </li>
    </ul>
  );
}

function CaseFiltersBar() {
  const filters = useStore($caseFilters);
  const members = useStore(staff.$state).data ?? [];
  return (
    <Toolbar>
      <FilterField id="case-stage" label="Stage">
        <select id="case-stage" value={filters.status} onChange={(e) => void setCaseFilter('status', e.target.value)}>
          <option value="">All</option>
          {STAGES.map((st) => (
            <option key={st} value={st}>
              {STAGE_LABELS[st]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="case-counsellor" label="Counsellor">
        <select id="case-counsellor" value={filters.counsellor} onChange={(e) => void setCaseFilter('counsellor', e.target.value)}>
          <option value="">Anyone</option>
          <option value="none">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {nameOf(m)}
            </option>
          ))}
        </select>
      </FilterField>
    </Toolbar>
  );
}

/** What the student gave, for the detail under a case. */
function StudentAnswers({ row }: { row: CaseRow }) {
  const facts: [string, unknown][] = [
    ['Email', row.email],
    ['Phone', row.phone],
    ['Address', row.address],
    ['Course', row.course_name],
    ['Submitted', row.created_at && formatDate(String(row.created_at))],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
      {facts.map(([label, value]) => (
        <Fact key={label} label={label}>
          {value ? String(value) : '—'}
        </Fact>
      ))}
      <Fact label="Message">{row.message ? <span className="whitespace-pre-wrap">{String(row.message)}</span> : '—'}</Fact>
    </dl>
  );
}

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="font-semibold text-muted">{label}</dt>
    <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
  </>
);

function Notes({ id }: { id: number }) {
  const store = useMemo(() => notesOf(id), [id]);
  const s = useStore(store.$state);
  const [body, setBody] = useState('');
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div>
      <h3 className="text-sm">Private notes (staff only)</h3>
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
        <label htmlFor={`note-${id}`}>New note</label>
        <textarea id={`note-${id}`} rows={2} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} required />
        <button type="submit">Add note</button>
      </form>
    </div>
  );
}

/** Counsellor, follow-up date, the student's answers and the private notes of one case. */
function CaseWork({ row }: { row: CaseRow }) {
  const members = useStore(staff.$state).data ?? [];
  const [open, setOpen] = useState(false);
  const id = row.id;
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Case work</summary>
      <div className="mt-2 grid gap-3">
        <StudentAnswers row={row} />
        <label htmlFor={`assign-${id}`}>Counsellor</label>
        <select
          id={`assign-${id}`}
          value={row.counsellor_id == null ? '' : String(row.counsellor_id)}
          onChange={(e) => void assignCase(id, e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {nameOf(m)}
            </option>
          ))}
        </select>
        <label htmlFor={`follow-${id}`}>Follow-up date</label>
        <input
          id={`follow-${id}`}
          type="date"
          defaultValue={row.follow_up_on ? String(row.follow_up_on) : ''}
          onChange={(e) => void followUpCase(id, e.target.value)}
        />
        {open && <Notes id={id} />}
      </div>
    </details>
  );
}

/** `actions`: what the dashboard does with a case besides its case work (its stage, documents, messages and payments). */
export function CaseList({ actions }: { actions: (row: CaseRow) => ReactNode }) {
  const s = useStore(cases.$state);
  useEffect(() => {
    void loadCaseWork();
  }, []);
  return (
    <>
      <StageCounts />
      <CaseFiltersBar />
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      <div aria-busy={s.loading}>
        <DataTable
          caption="Applications"
          columns={columnsOf(caseFields)}
          rows={s.data?.results ?? []}
          empty={s.loading ? 'Loading…' : 'No applications match.'}
          actions={(row) => (
            <>
              {actions(row as CaseRow)}
              <CaseWork row={row as CaseRow} />
            </>
          )}
        />
        {s.data && s.data.count > 0 && (
          <Pager page={s.page} pages={cases.pages()} count={s.data.count} onPage={(p) => void cases.setPage(p)} busy={s.loading} />
        )}
      </div>
    </>
  );
}
