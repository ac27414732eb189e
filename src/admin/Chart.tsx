import type { DayPoint } from '../lib/api/admin.ts';

/** A simple SVG line chart of per-day series, with a data table for screen readers. */
const COLORS = ['#1d4ed8', '#059669', '#d97706', '#be123c'];

export function LineChart({ title, points, series }: { title: string; points: DayPoint[]; series: { key: string; label: string }[] }) {
  const W = 640;
  const H = 220;
  const pad = { l: 36, r: 8, t: 10, b: 24 };
  const max = Math.max(1, ...points.flatMap((p) => series.map((s) => Number(p[s.key]) || 0)));
  const x = (i: number) => pad.l + (points.length <= 1 ? 0 : (i * (W - pad.l - pad.r)) / (points.length - 1));
  const y = (v: number) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {points.length === 0 ? (
        <p className="muted">No data for this period yet.</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}: ${series.map((s) => `${s.label} ${points.reduce((n, p) => n + (Number(p[s.key]) || 0), 0)} in all`).join(', ')}`}>
            <line x1={pad.l} y1={H - pad.b} x2={W - pad.r} y2={H - pad.b} stroke="#94a3b8" />
            <line x1={pad.l} y1={pad.t} x2={pad.l} y2={H - pad.b} stroke="#94a3b8" />
            <text x={pad.l - 4} y={pad.t + 8} textAnchor="end" fontSize="10">
              {max}
            </text>
            <text x={pad.l - 4} y={H - pad.b} textAnchor="end" fontSize="10">
              0
            </text>
            <text x={pad.l} y={H - 6} fontSize="10">
              {points[0].date}
            </text>
            <text x={W - pad.r} y={H - 6} fontSize="10" textAnchor="end">
              {points[points.length - 1].date}
            </text>
            {series.map((s, si) => (
              <polyline
                key={s.key}
                fill="none"
                stroke={COLORS[si % COLORS.length]}
                strokeWidth="2"
                points={points.map((p, i) => `${x(i).toFixed(1)},${y(Number(p[s.key]) || 0).toFixed(1)}`).join(' ')}
              />
            ))}
          </svg>
          <ul className="legend">
            {series.map((s, si) => (
              <li key={s.key}>
                <span className="swatch" style={{ background: COLORS[si % COLORS.length] }} aria-hidden="true" />
                {s.label}: {points.reduce((n, p) => n + (Number(p[s.key]) || 0), 0)}
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}

export function BarList({ title, items }: { title: string; items: { label: string; value: number }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  if (items.length === 0) return null;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <ul className="bars">
        {items.slice(0, 15).map((i) => (
          <li key={i.label}>
            <span className="bar-label">{i.label}</span>
            <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
              <rect width={(i.value / max) * 100} height="8" fill="#1d4ed8" />
            </svg>
            <span className="bar-value">{i.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
