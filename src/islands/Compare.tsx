/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { list } from '../lib/api/public.ts';
import { formatValue, hrefOf, titleOf, type RefMaps, type Row } from '../lib/site/cards.ts';
import { COMPARE_MAX, type CompareDeclaration } from '../lib/site/compare.ts';
import { refsOf } from '../lib/site/refs.ts';
import { complaintRecords } from '../lib/api/complaints.ts';
import type { Review } from '../lib/api/reviews.ts';
import { recordLines } from '../lib/site/complaint-record.ts';
import { summarize, summaryText } from '../lib/site/reviews.ts';

/** What applicants and complainants say of each row (`compareStanding`): its review score and complaint record. */
async function standingOf(rows: Row[]): Promise<Record<number, { reviews: string; complaints: string }>> {
  const all = await Promise.all(
    rows.map(async (row) => {
      const [reviews, records] = await Promise.all([list<Review & Row>('consultancy-review', { consultancy: row.id, page_size: 1000 }), complaintRecords(row.id)]);
      return [row.id, { reviews: summaryText(summarize(reviews.results)), complaints: recordLines(records.results[0]).join(' ') }] as const;
    }),
  );
  return Object.fromEntries(all);
}

export interface CompareProps {
  kinds: { decl: CompareDeclaration; refPaths: Record<string, string> }[];
}

/** The kind and rows the address names (?university=3,17,42), at most COMPARE_MAX. */
export function comparedIn(query: string, kinds: string[]): { kind: string; ids: number[] } | null {
  const params = new URLSearchParams(query);
  const kind = kinds.find((k) => params.get(k));
  if (!kind) return null;
  const ids = [...new Set(params.get(kind)!.split(',').filter((v) => /^\d{1,9}$/.test(v)).map(Number))].slice(0, COMPARE_MAX);
  return ids.length ? { kind, ids } : null;
}

const cell = (meta: CompareDeclaration['fields'][number][1], row: Row, refs: RefMaps, name: string) =>
  meta.kind === 'boolean' ? (row[name] === true ? 'Yes' : 'No') : formatValue(meta, row[name], refs[name], row) || '—';

/**
 * /compare/: up to four universities, courses or consultancies side by side, from a shareable
 * address. The labels stay in view while the columns scroll sideways on a phone.
 */
export default function Compare({ kinds }: CompareProps) {
  const [state, setState] = useState<{ kind: CompareProps['kinds'][number]; rows: Row[]; refs: RefMaps; standing: Awaited<ReturnType<typeof standingOf>> | null } | null>(null);
  const [error, setError] = useState('');
  const [asked, setAsked] = useState(true);

  useEffect(() => {
    const wanted = comparedIn(location.search, kinds.map((k) => k.decl.name));
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
  }, []);

  if (!asked) return <p>Nothing to compare yet. Save universities, courses or consultancies to <a href="/shortlist/">your shortlist</a>, then compare them from there.</p>;
  if (error) return <p className="error">{error}</p>;
  if (!state) return <p className="muted">Loading…</p>;
  const { kind, rows, refs, standing } = state;
  const decl = kind.decl;
  if (rows.length === 0) return <p>These {decl.plural.toLowerCase()} are no longer listed.</p>;
  return (
    <div className="compare-scroll" role="region" aria-label={`${decl.plural} compared`} tabIndex={0}>
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
          {decl.fields.map(([name, meta]) => (
            <tr key={name}>
              <th scope="row">{meta.label}</th>
              {rows.map((row) => (
                <td key={row.id}>{cell(meta, row, refs, name)}</td>
              ))}
            </tr>
          ))}
          {standing && (
            <>
              <tr>
                <th scope="row">Reviews by applicants</th>
                {rows.map((row) => (
                  <td key={row.id}>{standing[row.id]!.reviews}</td>
                ))}
              </tr>
              <tr>
                <th scope="row">Complaints</th>
                {rows.map((row) => (
                  <td key={row.id}>{standing[row.id]!.complaints}</td>
                ))}
              </tr>
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
