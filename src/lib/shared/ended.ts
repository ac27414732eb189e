/**
 * Things that end (events, offers, scholarship deadlines; `ends` in the declaration). Pages are
 * built ahead of time and a page whose data did not change is not built again, so the build marks
 * what had ended by then and this also runs in the browser: on the day something ends its page
 * and its card say so, and lists show it after current ones, even when no rebuild ran since.
 */

/** Nepal's offset: a calendar date ends at the end of that day where the students are. */
const NEPAL_END_OF_DAY = 'T23:59:59.999+05:45';

/** The moment a value ends: a timestamp as it is, a calendar date at the end of that day in Nepal. */
export function endsAt(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}${NEPAL_END_OF_DAY}` : value);
  return Number.isNaN(at) ? null : at;
}

export const hasEnded = (value: unknown, now: number) => {
  const at = endsAt(value);
  return at !== null && at < now;
};

/** Current rows first, in their own order; then the ended ones, the most recently ended first. */
export function currentFirst<T extends Record<string, unknown>>(rows: T[], field: string, now: number): T[] {
  const ended = rows.filter((r) => hasEnded(r[field], now));
  if (ended.length === 0) return rows;
  return [...rows.filter((r) => !hasEnded(r[field], now)), ...ended.sort((a, b) => endsAt(b[field])! - endsAt(a[field])!)];
}

/**
 * In the browser: every element with data-ends (a card, a detail page, a licence badge) whose
 * moment has passed gets the class `ended`, shows its hidden [data-ended] parts (the badge, the
 * note) and hides its [data-current] parts, or itself when it is one (a badge that held until
 * then); in a list, cards that ended since the build move after the current ones.
 */
export function markEnded(root: ParentNode, now: number): void {
  const marked = new Set<Element>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-ends]')) {
    const at = Number(el.dataset.ends);
    if (!Number.isFinite(at) || at >= now || el.classList.contains('ended')) continue;
    el.classList.add('ended');
    for (const part of el.querySelectorAll<HTMLElement>('[data-ended]')) part.hidden = false;
    for (const part of [el, ...el.querySelectorAll<HTMLElement>('[data-current]')])
      if (part.hasAttribute('data-current')) part.hidden = true;
    marked.add(el);
  }
  const lists = new Set([...marked].filter((el) => el.tagName === 'LI').map((el) => el.parentElement!));
  for (const list of lists) {
    const items = [...list.children];
    const current = items.filter((li) => !li.classList.contains('ended'));
    // those that just ended are the most recently ended: before the ones the build already put last
    const earlier = items.filter((li) => li.classList.contains('ended') && !marked.has(li));
    for (const li of [...current, ...items.filter((li) => marked.has(li)), ...earlier]) list.appendChild(li);
  }
}
