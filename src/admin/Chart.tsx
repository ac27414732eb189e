import { useLayoutEffect, useRef, useState } from 'react';
import type { DayPoint } from '../lib/api/analytics.ts';
import { formatDate, formatNumber } from '../lib/format.ts';

/**
 * Per-day line charts and a bar list for the overview screens. The SVG is drawn at the width it is
 * shown at, not scaled from a fixed one, so its 12 px labels stay 12 px on a phone; the numbers
 * behind it are in a table for screen readers and for anyone who wants the exact values.
 */
const COLORS = ['#1d4ed8', '#059669', '#d97706', '#be123c'];
const HEIGHT = 200;
const FONT = 12;
const DAY_MS = 86_400_000;

/** 1, 2, 5, 10, 20, 50…: the smallest such number at or above n, so the axis reads in round steps. */
function roundUp(n: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(n, 1)));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= n)!;
}

/** The width the element is shown at, following the window. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current!;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const total = (points: DayPoint[], key: string) => points.reduce((n, p) => n + (Number(p[key]) || 0), 0);

export function LineChart({
  title,
  points,
  series,
  empty,
}: {
  title: string;
  points: DayPoint[];
  series: { key: string; label: string }[];
  empty: string;
}) {
  const totals = series.map((s) => total(points, s.key));
  const hasData = totals.some((t) => t > 0);
  return (
    <figure className="panel mb-4 min-w-0">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      {hasData ? (
        <>
          <Lines label={`${title}: ${series.map((s, i) => `${s.label} ${totals[i]} in all`).join(', ')}`} points={points} series={series} />
          <ul role="list" className="my-3 flex flex-wrap gap-4 text-sm">
            {series.map((s, si) => (
              <li key={s.key}>
                <span
                  className="mr-1.5 inline-block size-3 rounded-sm align-[-1px]"
                  style={{ background: COLORS[si % COLORS.length] }}
                  aria-hidden="true"
                />
                {s.label}: {formatNumber(totals[si]!)}
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer py-2.5 font-medium text-brand">Numbers by day</summary>
            <div className="overflow-x-auto" role="region" aria-label={`${title}: numbers by day`} tabIndex={0}>
              <table className="border-collapse text-sm tabular-nums [&_td]:py-1 [&_td]:pr-4 [&_td]:text-right [&_td]:whitespace-nowrap [&_th]:py-1 [&_th]:pr-4 [&_th]:text-right [&_th]:whitespace-nowrap [&_th:first-child]:text-left">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {series.map((s) => (
                      <th key={s.key} scope="col">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.date}>
                      <th scope="row">{formatDate(p.date)}</th>
                      {series.map((s) => (
                        <td key={s.key}>{formatNumber(Number(p[s.key]) || 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : (
        <p className="text-muted">{empty}</p>
      )}
    </figure>
  );
}

/** The drawing, once the width it is shown at is known; named for screen readers by its totals. */
function Lines({ label, points, series }: { label: string; points: DayPoint[]; series: { key: string; label: string }[] }) {
  const [box, width] = useWidth<HTMLDivElement>();
  return (
    <div ref={box} className="[&_svg]:block" role="img" aria-label={label}>
      {width > 0 && <Drawing points={points} series={series} width={width} />}
    </div>
  );
}

/**
 * The lines, placed by date (a day with no row is a gap in time, not a skipped step), on a value
 * axis of round steps, with the first, middle and last days named below.
 */
function Drawing({ points, series, width }: { points: DayPoint[]; series: { key: string; label: string }[]; width: number }) {
  const top = roundUp(Math.max(...points.flatMap((p) => series.map((s) => Number(p[s.key]) || 0))));
  const ticks = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  const pad = { l: 8 + formatNumber(top).length * FONT * 0.62, r: 12, t: FONT, b: FONT * 2.2 };
  const days = points.map((p) => Date.parse(p.date) / DAY_MS);
  const span = Math.max(1, days.at(-1)! - days[0]!);
  const x = (i: number) =>
    points.length === 1 ? (pad.l + width - pad.r) / 2 : pad.l + ((days[i]! - days[0]!) / span) * (width - pad.l - pad.r);
  const y = (v: number) => HEIGHT - pad.b - (v / top) * (HEIGHT - pad.t - pad.b);
  // as many day labels as fit: about 90 px each ("23 Nov 2026" at 12 px)
  const named =
    points.length === 1
      ? [0]
      : width >= 3 * 90 + pad.l
        ? [0, Math.floor((points.length - 1) / 2), points.length - 1]
        : [0, points.length - 1];
  const anchor = (i: number) => (points.length === 1 ? 'middle' : i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle');
  return (
    <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true">
      <g fontSize={FONT} fill="#475569">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={width - pad.r} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#94a3b8' : '#e2e8f0'} />
            <text x={pad.l - 6} y={y(t) + FONT / 3} textAnchor="end">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {named.map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - FONT * 0.6} textAnchor={anchor(i)}>
            {formatDate(points[i]!.date)}
          </text>
        ))}
      </g>
      {series.map((s, si) => {
        const color = COLORS[si % COLORS.length];
        return (
          <g key={s.key} stroke={color} fill={color}>
            <polyline
              fill="none"
              strokeWidth="2"
              strokeLinejoin="round"
              points={points.map((p, i) => `${x(i).toFixed(1)},${y(Number(p[s.key]) || 0).toFixed(1)}`).join(' ')}
            />
            {points.map((p, i) => (
              <circle key={p.date} cx={x(i)} cy={y(Number(p[s.key]) || 0)} r="2.5" />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

export function BarList({ title, items }: { title: string; items: { label: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  if (items.length === 0) return null;
  return (
    <figure className="panel mb-4 min-w-0">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <ul role="list" className="grid gap-1.5 text-sm">
        {items.slice(0, 15).map((i) => (
          <li key={i.label} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2">
            <span className="[overflow-wrap:anywhere]">{i.label}</span>
            <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" className="h-2.5 w-full">
              <rect width={(i.value / max) * 100} height="8" rx="1" className="fill-brand" />
            </svg>
            <span className="tabular-nums">{formatNumber(i.value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
