/** @jsxImportSource preact */
import { Fragment, useEffect, useState } from 'preact/compat';
import { list } from '../lib/api/public.ts';
import { formatValue, hrefOf, titleOf, type RefMaps, type Row } from '../lib/site/cards.ts';
import { COMPARE_MAX, type CompareDeclaration } from '../lib/site/compare.ts';
import { refsOf } from '../lib/site/refs.ts';
import { complaintRecords } from '../lib/api/complaints.ts';
import { outcomes } from '../lib/api/outcomes.ts';
import { outcomeLines } from '../lib/shared/outcomes.ts';
import type { Review } from '../lib/api/reviews.ts';
import { recordLines } from '../lib/shared/complaint-record.ts';
import { summarize, summaryText } from '../lib/site/reviews.ts';
import type { Rates } from '../lib/site/money.ts';
import { firstYearEstimate } from '../lib/site/estimate.ts';

/** What applicants and complainants say of each row (`compareStanding`): its review score, complaint record and visa outcomes. */
async function standingOf(rows: Row[]): Promise<Record<number, { reviews: string; complaints: string; outcomes: string }>> {
  const all = await Promise.all(
    rows.map(async (row) => {
      const [reviews, records, outcome] = await Promise.all([
        list<Review & Row>('consultancy-review', { consultancy: row.id, page_size: 1000 }),
        complaintRecords(row.id),
        outcomes(row.id),
      ]);
      return [
        row.id,
        {
          reviews: summaryText(summarize(reviews.results)),
          complaints: recordLines(records.results[0]).join(' '),
          outcomes: outcomeLines(outcome.results[0]).join(' '),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(all);
}

export interface CompareProps {
  kinds: { decl: CompareDeclaration; refPaths: Record<string, string> }[];
  /** exchange rates: amounts show rupees beside them */
  rates: Rates;
  /** the destinations' yearly costs, by id, for the first-year estimate */
  destinations: Record<number, Row | Record<string, unknown>>;
}

/** The kind and rows the address names (?university=3,17,42), at most COMPARE_MAX. */
export function comparedIn(query: string, kinds: string[]): { kind: string; ids: number[] } | null {
  const params = new URLSearchParams(query);
  const kind = kinds.find((k) => params.get(k));
  if (!kind) return null;
  const ids = [
    ...new Set(
      params
        .get(kind)!
        .split(',')
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
  ].slice(0, COMPARE_MAX);
  return ids.length ? { kind, ids } : null;
}

const cell = (meta: CompareDeclaration['fields'][number][1], row: Row, refs: RefMaps, name: string, rates: Rates) =>
  meta.kind === 'boolean' ? (row[name] === true ? 'Yes' : 'No') : formatValue(meta, row[name], refs[name], row, rates) || '—';

/** A course's or a university's first-year cost in rupees (src/lib/site/estimate.ts), at its destination; other kinds have none. */
function firstYear(kind: string, row: Row, refs: RefMaps, rates: Rates, destinations: CompareProps['destinations']): string | null {
  if (kind !== 'course' && kind !== 'university') return null;
  const university = kind === 'course' ? refs.university_id?.get(Number(row.university_id)) : row;
  const destination = university ? destinations[Number(university.destination_id)] : undefined;
  const tuition =
    kind === 'course'
      ? { min: row.fee, max: row.fee, currency: row.currency }
      : { min: row.tuition_min, max: row.tuition_max, currency: row.currency };
  const estimate = firstYearEstimate(tuition, destination as Row | undefined, rates);
  return estimate.total
    ? `${estimate.total.text}${estimate.leftOut.length ? ', without the costs not known yet' : ''}`
    : 'Not enough known yet';
}

/** The rows the address names, their refs and (consultancies) their standing, loaded once. */
function useComparison(kinds: CompareProps['kinds']) {
  const [state, setState] = useState<{
    kind: CompareProps['kinds'][number];
    rows: Row[];
    refs: RefMaps;
    standing: Awaited<ReturnType<typeof standingOf>> | null;
  } | null>(null);
  const [error, setError] = useState('');
  const [asked, setAsked] = useState(true);

  useEffect(() => {
    const wanted = comparedIn(
      location.search,
      kinds.map((k) => k.decl.name),
    );
    if (!wanted) return setAsked(false);
    const kind = kinds.find((k) => k.decl.name === wanted.kind)!;
    list(kind.decl.path, { ids: wanted.ids.join(','), page_size: COMPARE_MAX })
      .then(async (page) => {
        // in the order the address names them
        const rows = wanted.ids.map((id) => page.results.find((r) => r.id === id)).filter((r): r is Row => Boolean(r));
        const [refs, standing] = await Promise.all([refsOf(rows, kind.refPaths), kind.decl.compareStanding ? standingOf(rows) : null]);
        setState({ kind, rows, refs, standing });
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'Could not load the comparison.'));
    // kinds is the island's prop, the same array for the island's life: the comparison loads once
  }, [kinds]);
  return { state, error, asked };
}

/**
 * /compare/: up to four universities, courses or consultancies side by side, from a shareable
 * address: a table on a wide screen; on a phone, where a table shows one column at a time, one
 * card per row with every fact labelled.
 */
export default function Compare({ kinds, rates, destinations }: CompareProps) {
  const { state, error, asked } = useComparison(kinds);

  if (!asked)
    return (
      <p>
        Nothing to compare yet. Save universities, courses or consultancies to <a href="/shortlist/">your shortlist</a>, then compare them
        from there.
      </p>
    );
  if (error) return <p className="error">{error}</p>;
  if (!state) return <p className="muted">Loading…</p>;
  const { kind, rows, refs, standing } = state;
  const decl = kind.decl;
  if (rows.length === 0) return <p>These {decl.plural.toLowerCase()} are no longer listed.</p>;
  // every fact of a row, labelled: the table's rows on a wide screen, each card's list on a phone
  const facts = (row: Row): [string, string][] => [
    ...decl.fields.map(([name, meta]): [string, string] => [meta.label, cell(meta, row, refs, name, rates)]),
    ...((cost) => (cost ? [['First-year cost (estimate)', cost] as [string, string]] : []))(
      firstYear(decl.name, row, refs, rates, destinations),
    ),
    ...(standing
      ? ([
          ['Reviews by applicants', standing[row.id]!.reviews],
          ['Complaints', standing[row.id]!.complaints],
          ['Visa outcomes', standing[row.id]!.outcomes],
        ] as [string, string][])
      : []),
  ];
  const labels = facts(rows[0]!).map(([label]) => label);
  const byRow = rows.map((row) => ({ row, facts: facts(row) }));
  return (
    <>
      <section className="compare-cards grid gap-3 md:hidden" aria-label={`${decl.plural} compared`}>
        {byRow.map(({ row, facts: list }) => (
          <article className="panel m-0" key={row.id}>
            <h2 className="mt-0 text-lg">
              <a href={hrefOf(decl, row)}>{titleOf(decl, row)}</a>
            </h2>
            <dl className="facts">
              {list.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
          </article>
        ))}
      </section>
      <div className="compare-scroll hidden md:block" role="region" aria-label={`${decl.plural} compared`} tabIndex={0}>
        <table className="compare">
          <caption className="sr-only">{`${decl.plural} side by side`}</caption>
          <thead>
            <tr>
              <td />
              {rows.map((row) => (
                <th scope="col" key={row.id}>
                  <a href={hrefOf(decl, row)}>{titleOf(decl, row)}</a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {byRow.map(({ row, facts: list }) => (
                  <td key={row.id}>{list[i]![1]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
