/**
 * A first-year cost estimate for a course or a university: a year's tuition, the destination's
 * living cost for twelve months, and the one-time and yearly costs it knows (student visa, health
 * insurance), each line in its currency with rupees beside it. What is not known is said, never
 * guessed: a line without a number says so, and the total counts only what is known and names
 * what it leaves out.
 */
import { formatMoney } from '../format.ts';
import { formatMoneyWithRupees, formatRupees, inRupees, rateNote, type Rate, type Rates } from './money.ts';

type Row = Record<string, unknown>;

type Tuition = { min: unknown; max: unknown; currency: unknown };

/**
 * The entities with a first-year estimate: where a row finds its tuition, and the university whose
 * destination gives the other costs (`universityOf` finds one by id in whatever rows the caller has).
 */
export const ESTIMATED: Partial<
  Record<string, (row: Row, universityOf: (id: number) => Row | undefined) => { tuition: Tuition; university: Row | undefined }>
> = {
  course: (row, universityOf) => ({
    tuition: { min: row.fee, max: row.fee, currency: row.currency },
    university: universityOf(Number(row.university_id)),
  }),
  university: (row) => ({ tuition: { min: row.tuition_min, max: row.tuition_max, currency: row.currency }, university: row }),
};

export interface EstimateLine {
  label: string;
  /** the amount as shown ("AUD 35,000 (about NPR 3,080,000 at the 20 Nov 2026 rate)"), or what is missing */
  text: string;
  known: boolean;
  /** rupees, lowest and highest (a university's tuition is a range) */
  npr?: [number, number];
}

export interface Estimate {
  lines: EstimateLine[];
  /** rupees of the lines that could be counted, lowest and highest; null when none could */
  total: { text: string; npr: [number, number] } | null;
  /** the lines the total leaves out (unknown, or no rupee rate for their currency) */
  leftOut: string[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** "AUD 30,000 to 45,000 (about NPR 2,640,000 to 3,960,000 at the 20 Nov 2026 rate)", or the single amount. */
function rangeText(low: number, high: number, currency: unknown, rates: Rates): { text: string; npr?: [number, number] } {
  if (low === high) {
    const r = inRupees(low, currency, rates);
    return { text: formatMoneyWithRupees(low, currency, rates), npr: r ? [r.npr, r.npr] : undefined };
  }
  const [a, b] = [inRupees(low, currency, rates), inRupees(high, currency, rates)];
  const own = `${formatMoney(low, currency)} to ${formatMoney(high, currency).replace(/^[A-Z]{3} /, '')}`;
  if (!a || !b) return { text: own };
  const rupees = `${formatRupees(a.npr)} to ${formatRupees(b.npr).replace(/^NPR /, '')}`;
  return { text: a.rate ? `${own} (about ${rupees} ${rateNote(a.rate as Rate)})` : own, npr: [a.npr, b.npr] };
}

function line(label: string, low: number | null, high: number | null, currency: unknown, rates: Rates, unknown: string): EstimateLine {
  if (low === null && high === null) return { label, text: unknown, known: false };
  const [lo, hi] = [low ?? high!, high ?? low!];
  const { text, npr } = rangeText(Math.min(lo, hi), Math.max(lo, hi), currency, rates);
  return { label, text, known: true, npr };
}

/**
 * The estimate for a year's tuition (`fee`, or `min`..`max`) in `currency`, at `destination`
 * (living_cost_yearly, visa_fee, health_insurance_yearly, in its own currency).
 */
export function firstYearEstimate(tuition: Tuition, destination: Row | undefined, rates: Rates): Estimate {
  const where = typeof destination?.name === 'string' ? destination.name : 'this destination';
  const dc = destination?.currency;
  const lines = [
    line('Tuition for one year', num(tuition.min), num(tuition.max), tuition.currency, rates, 'The yearly fee is not known yet.'),
    line('Living cost for twelve months', num(destination?.living_cost_yearly), null, dc, rates, `Not known yet for ${where}.`),
    line('Student visa fee (once)', num(destination?.visa_fee), null, dc, rates, `Not known yet for ${where}.`),
    line('Health insurance for a year', num(destination?.health_insurance_yearly), null, dc, rates, `Not known yet for ${where}.`),
  ];
  const counted = lines.filter((l) => l.npr);
  const leftOut = lines.filter((l) => !l.npr).map((l) => (l.known ? `${l.label} (no rupee rate for its currency)` : l.label));
  if (counted.length === 0) return { lines, total: null, leftOut };
  const npr: [number, number] = [counted.reduce((s, l) => s + l.npr![0], 0), counted.reduce((s, l) => s + l.npr![1], 0)];
  const text =
    npr[0] === npr[1] ? `about ${formatRupees(npr[0])}` : `about ${formatRupees(npr[0])} to ${formatRupees(npr[1]).replace(/^NPR /, '')}`;
  return { lines, total: { text, npr }, leftOut };
}
