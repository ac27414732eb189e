/**
 * "Closes in 12 days" on what ends (a scholarship's deadline), counted in Nepal's calendar days.
 * Built pages carry the moment (data-closes) and the browser counts again on load, so the days stay
 * right between rebuilds; past the deadline ended.ts marks the row closed instead.
 */

/** Beyond this many days the date alone says enough. */
export const CLOSING_SOON_DAYS = 90;

const DAY_MS = 86_400_000;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
const nepalDay = (t: number) => Math.floor((t + NEPAL_OFFSET_MS) / DAY_MS);

/** "Closes today", "Closes tomorrow", "Closes in 12 days"; null once it has closed or while it is further off than CLOSING_SOON_DAYS. */
export function closesText(at: number, now: number): string | null {
  if (at < now) return null;
  const days = nepalDay(at) - nepalDay(now);
  if (days > CLOSING_SOON_DAYS) return null;
  return days === 0 ? 'Closes today' : days === 1 ? 'Closes tomorrow' : `Closes in ${days} days`;
}

/** In the browser: every [data-closes] element says how many days are left now, or hides. */
export function markClosing(root: ParentNode, now: number): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-closes]')) {
    const text = closesText(Number(el.dataset.closes), now);
    el.hidden = text === null;
    if (text) el.textContent = text;
  }
}
