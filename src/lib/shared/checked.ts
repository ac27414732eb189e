/**
 * Fees, intakes and deadlines go stale: each row says when an admin or its owner last confirmed
 * them (the declaration's `confirmed`), and after STALE_AFTER_DAYS a page says they may be out of
 * date. Pages are built ahead of time, so the page carries the moment and the browser decides too,
 * on the right day even when no rebuild ran since (like ended.ts beside it).
 */
import { endsAt } from './ended.ts';

/** Values confirmed longer ago than this may be out of date. */
export const STALE_AFTER_DAYS = 180;

/** The column holding the day the row's `confirmed` fields were last confirmed. */
export const CHECKED_ON = 'facts_checked_on';

const DAY_MS = 86_400_000;

/** The moment a confirmation on this calendar day goes stale: STALE_AFTER_DAYS after that day ends in Nepal. */
export function staleAt(checkedOn: unknown): number | null {
  const end = endsAt(checkedOn);
  return end === null ? null : end + STALE_AFTER_DAYS * DAY_MS;
}

/**
 * In the browser: every element with data-stale-at whose moment has passed gets the class `stale`
 * and shows its hidden [data-stale] parts ("may be out of date").
 */
export function markStale(root: ParentNode, now: number): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-stale-at]')) {
    const at = Number(el.dataset.staleAt);
    if (!Number.isFinite(at) || at >= now) continue;
    el.classList.add('stale');
    for (const part of el.querySelectorAll<HTMLElement>('[data-stale]')) part.hidden = false;
  }
}
