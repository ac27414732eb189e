import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { STAGES, STAGE_LABELS } from '../lib/contract/applications.ts';
import type { FieldMeta } from '../lib/contract/fields.ts';
import { $caseFilters, cases, loadCaseWork, setCaseFilter, setCasePage, staff, staffName, stages } from '../lib/stores/casework.ts';
import { $router, href } from '../lib/stores/admin.ts';
import { columnsOf, DataTable, Pager } from './DataTable.tsx';
import { FilterField, Toolbar } from './ui.tsx';
import { resources } from './resources/index.ts';

/** The consultancy's applications as cases: counts per stage, filters by stage, counsellor and what is due, a link to each case. */

const text = (label: string): FieldMeta => ({ kind: 'text', label, column: true });
const caseFields: Record<string, FieldMeta> = {
  tracking_code: { ...text('Tracking code'), unbroken: true },
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

function StageCounts() {
  const s = useStore(stages.$state);
  const filters = useStore($caseFilters);
  if (!s.data) return null;
  // a stage nobody is at is left to the Stage filter's list: fifteen chips filled a phone's first screen;
  // on a phone the rest scroll sideways in one row, so the cases show on the first screen (eleven wrapped filled it)
  const shown = s.data.stages.filter((st) => st.count > 0 || filters.status === st.stage);
  return (
    // a box of its own that scrolls, reachable by keyboard, as wide tables are (DataTable)
    <div role="region" aria-label="Stage filters" tabIndex={0} className="mb-4 overflow-x-auto pb-1">
      <ul aria-label="Applications per stage" className="flex gap-2 *:shrink-0 sm:flex-wrap">
        {shown.map((st) => (
          <li key={st.stage}>
            <button
              type="button"
              className="button whitespace-nowrap"
              aria-pressed={filters.status === st.stage}
              onClick={() => void setCaseFilter('status', filters.status === st.stage ? '' : st.stage)}
            >
              {st.label} <span className="badge">{st.count}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button whitespace-nowrap"
            aria-pressed={filters.due}
            onClick={() => void setCaseFilter('due', !filters.due)}
          >
            Due today <span className="badge">{s.data.due}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}

function CaseFiltersBar() {
  const filters = useStore($caseFilters);
  const members = useStore(staff.$state).data ?? [];
  const counts = new Map(useStore(stages.$state).data?.stages.map((st) => [st.stage, st.count]));
  return (
    <Toolbar>
      <FilterField id="case-stage" label="Stage">
        <select id="case-stage" value={filters.status} onChange={(e) => void setCaseFilter('status', e.target.value)}>
          <option value="">All</option>
          {STAGES.map((st) => (
            <option key={st} value={st}>
              {STAGE_LABELS[st]}
              {counts.has(st) ? ` (${counts.get(st)})` : ''}
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
              {staffName(m)}
            </option>
          ))}
        </select>
      </FilterField>
    </Toolbar>
  );
}

/** The list; each case opens on its own page, and the list's filters stay in its address for the way back. */
export function CaseList() {
  const s = useStore(cases.$state);
  const search = useStore($router)?.search;
  useEffect(() => {
    void loadCaseWork(search);
    // read once, on opening: afterwards the filters write the address, not the other way round
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          titleLink={(row) => href('dashApplication', { id: row.id })}
        />
        {s.data && s.data.count > 0 && (
          <Pager page={s.page} pages={cases.pages()} count={s.data.count} onPage={(p) => void setCasePage(p)} busy={s.loading} />
        )}
      </div>
    </>
  );
}
