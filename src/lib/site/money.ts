/**
 * Amounts in rupees beside their own currency: "AUD 35,000 (about NPR 3,080,000 at the 20 Nov 2026
 * rate)", from the exchange rates admins keep (the exchangeRate declaration). Pure, so the static
 * pages, the list island and the tests read one rule. The rupee figure is rounded to three
 * significant digits: the rate is a day's, the amount an approximation, and "3,083,512" would
 * claim a precision nobody has.
 */
import { formatDate, formatMoney } from '../format.ts';

export interface Rate {
  currency: string;
  npr_per_unit: number;
  rate_date: string;
}

/** The rate of each currency: what the pages and the list island are handed (plain JSON). */
export type Rates = Record<string, Rate>;

const code = (currency: unknown) => (typeof currency === 'string' ? currency.trim().toUpperCase() : '');

/** The newest rate of each currency among these rows (the rate table is a history). */
export function ratesOf(rows: readonly Record<string, unknown>[]): Rates {
  const out: Rates = {};
  for (const row of rows) {
    const currency = code(row.currency);
    const rate = Number(row.npr_per_unit);
    const date = String(row.rate_date ?? '');
    if (!currency || !(rate > 0) || !date) continue;
    const had = out[currency];
    if (!had || had.rate_date < date) out[currency] = { currency, npr_per_unit: rate, rate_date: date };
  }
  return out;
}

/** A rupee amount rounded to three significant digits (3,083,512 → 3,080,000), and to whole rupees below 1,000. */
export function roundRupees(npr: number): number {
  const step = npr >= 1000 ? 10 ** (Math.floor(Math.log10(npr)) - 2) : 1;
  return Math.round(npr / step) * step;
}

/** The amount in rupees with the rate used, or null when there is no rate for the currency. NPR is itself. */
export function inRupees(amount: number, currency: unknown, rates: Rates | undefined): { npr: number; rate?: Rate } | null {
  const c = code(currency);
  if (c === 'NPR') return { npr: amount };
  const rate = rates?.[c];
  return rate ? { npr: amount * rate.npr_per_unit, rate } : null;
}

/** "NPR 3,080,000", rounded. */
export const formatRupees = (npr: number) => formatMoney(roundRupees(npr), 'NPR');

/** "at the 20 Nov 2026 rate" */
export const rateNote = (rate: Rate) => `at the ${formatDate(rate.rate_date)} rate`;

/** "AUD 35,000 (about NPR 3,080,000 at the 20 Nov 2026 rate)"; without a rate, the amount alone. */
export function formatMoneyWithRupees(amount: number, currency: unknown, rates: Rates | undefined): string {
  const own = formatMoney(amount, currency);
  const converted = inRupees(amount, currency, rates);
  if (!converted?.rate) return own;
  return `${own} (about ${formatRupees(converted.npr)} ${rateNote(converted.rate)})`;
}
