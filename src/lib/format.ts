/**
 * One way to write dates, numbers, money and counts, for the site, its islands and the console:
 * "23 Nov 2026"; times only where they mean something, in Nepal time, where the students are;
 * money with its currency; counts with the right plural. Built on Intl, no hand-made formats.
 */
import { keptIn } from './shared/kept.ts';

export const NEPAL_TIME = 'Asia/Kathmandu';

/**
 * Each formatter is made when first used, not when the module loads: a phone's first Intl formatter
 * loads the browser's locale and time zone data, 50-90 ms of a page's start (Lighthouse's 4x slower
 * CPU: ~300 ms of Total Blocking Time) that a page formatting nothing should not pay.
 */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const dateOnly = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }));
const dateTime = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: NEPAL_TIME }));
const dateInNepal = once(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: NEPAL_TIME }));
const number = once(() => new Intl.NumberFormat('en-US'));
const isoDayInNepal = once(
  () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: NEPAL_TIME }),
);

/** The calendar day (YYYY-MM-DD) it is in Nepal at `at`: from 18:15 UTC it is already the next day there (UTC+5:45). */
export function dayInNepal(at: Date = new Date()): string {
  const part = (type: string) =>
    isoDayInNepal()
      .formatToParts(at)
      .find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The calendar day (YYYY-MM-DD) it is on this device: a key to compare dates with, not text to show,
 * so it is read from the Date's own fields. Through Intl it would make the page's first formatter,
 * 100 ms of a phone's start (above), on a page that may show no date at all (an empty shortlist).
 */
export function dayOnDevice(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/**
 * A date as "23 Nov 2026". A calendar date (2026-11-23) is that day wherever the reader is; a moment
 * (an ISO timestamp) is the day in Nepal, with "17:45" only when asked for (events, a timeline).
 */
export function formatDate(value: unknown, { time = false }: { time?: boolean } = {}): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateOnly().format(d);
  return (time ? dateTime() : dateInNepal()).format(d);
}

/** A moment as HTML's `datetime` wants it ("2026-11-22T10:44:56.220Z"): the database's text form ("…56.22+00") is not valid there. */
export function machineTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

const monthYear = once(() => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** A month ("2026-03") as "March 2026". */
export function formatMonth(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return '';
  return monthYear().format(new Date(`${value}-01T00:00:00Z`));
}

export const formatNumber = (n: number) => number().format(n);

// one formatter per currency (null: not an ISO code; at most 26^3 kept): making one costs ~0.1 ms, and a build formats thousands of amounts
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(code: string): Intl.NumberFormat | null {
  if (!/^[A-Z]{3}$/.test(code)) return null;
  return keptIn(moneyFormats, code, () => {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'code', maximumFractionDigits: 0 });
    } catch {
      return null;
    }
  });
}

/** "JPY 3,308,100"; an amount whose currency is not a known ISO code keeps the code as written. */
export function formatMoney(amount: number, currency: unknown): string {
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!code) return formatNumber(amount);
  const format = moneyFormat(code);
  return format ? format.format(amount).replace(/\u00a0/g, ' ') : `${code} ${formatNumber(amount)}`;
}

const plurals = once(() => new Intl.PluralRules('en-US'));

/** "1 like", "2 likes", "1 reply", "3 replies". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${formatNumber(n)} ${plurals().select(n) === 'one' ? one : other}`;
}
