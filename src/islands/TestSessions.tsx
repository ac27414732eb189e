/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import type { Row } from '../lib/api/public.ts';
import { countOf, formatDate, formatMonth, formatNumber } from '../lib/format.ts';
import { $city, $month, $sessions, $shown, citiesOf, loadSessions, monthsOf } from '../lib/stores/testSessions.ts';
import { useStore } from './useStore.ts';

/** Sessions shown before "Show all": a phone's few screens, not a year of dates. */
const FIRST = 6;

const FORMATS: Record<string, string> = { paper: 'On paper', computer: 'On computer', online: 'Online' };

function Session({ row }: { row: Row }) {
  return (
    <li className="panel">
      <h3 className="mt-0 text-base">
        {formatDate(row.date)}, {String(row.city)}
      </h3>
      <p className="m-0">
        {FORMATS[String(row.format)] ?? String(row.format)}
        {typeof row.fee_npr === 'number' && <>, NPR {formatNumber(row.fee_npr)}</>}
        {row.registration_deadline ? <>. Register by {formatDate(row.registration_deadline)}</> : null}.
      </p>
      {typeof row.link === 'string' && row.link && (
        <p className="m-0">
          <a href={row.link} rel="noopener">
            Book on the official site
          </a>
        </p>
      )}
    </li>
  );
}

/** An exam's upcoming sessions in Nepal, by city and month (src/lib/stores/testSessions.ts). */
export default function TestSessions({ examId, examName, sessions }: { examId: number; examName: string; sessions: Row[] }) {
  const live = useStore($sessions);
  const shown = useStore($shown);
  const city = useStore($city);
  const month = useStore($month);
  const [showAll, setShowAll] = useState(false);
  useEffect(() => void loadSessions(examId, sessions), [examId, sessions]);
  // before the script runs: the sessions as built
  const all = live ?? sessions;
  const rows = live ? shown : sessions;
  return (
    <section className="mt-6" aria-labelledby="test-sessions">
      <h2 id="test-sessions">{examName} sessions in Nepal</h2>
      <div className="filters row">
        <label className="field">
          City
          <select value={city} onChange={(e) => $city.set(e.currentTarget.value)}>
            <option value="">All cities</option>
            {citiesOf(all).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Month
          <select value={month} onChange={(e) => $month.set(e.currentTarget.value)}>
            <option value="">All months</option>
            {monthsOf(all).map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted" aria-live="polite">
        {countOf(rows.length, 'upcoming session')}. Dates and fees change: confirm on the official booking site.
      </p>
      <ul className="grid list-none gap-x-3 pl-0 sm:grid-cols-2 lg:grid-cols-3">
        {(showAll ? rows : rows.slice(0, FIRST)).map((r) => (
          <Session key={r.id} row={r} />
        ))}
      </ul>
      {!showAll && rows.length > FIRST && (
        <button type="button" className="btn" onClick={() => setShowAll(true)}>
          Show all {rows.length} sessions
        </button>
      )}
    </section>
  );
}
