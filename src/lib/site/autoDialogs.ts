/**
 * Dialogs that open by themselves, and how often (our reading of SPEC §2, issue 11): the roadblock
 * ad keeps SPEC's own rule (once per browser session); of the others (the booking dialog's
 * auto-open, the guidance prompt, the full-details prompt) at most one opens by itself per page
 * view, each at most once per browser session across tabs (a session cookie: sessionStorage is
 * per tab), and none on a page where the visitor is busy with a task. So the first page of a
 * session keeps SPEC's timing (the booking dialog 2 s after load, after the roadblock is closed),
 * and the pages after it stay quiet.
 */
export type AutoDialog = 'booking' | 'guidance' | 'full-detail';

export const SHOWN_COOKIE = 'auto_dialogs_shown';

/** Applying, tracking, complaining, signing in, searching, comparing, or lost (404): no dialog opens by itself there. */
export const isTaskPage = (path: string) => /^\/(login|track|complaint|search|shortlist|compare|404)(\/|$)/.test(path) || /^\/consultancy\/[^/]+\/apply(\/|$)/.test(path);

let openedThisView = false;

function shownThisSession(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  const value = document.cookie.split('; ').find((c) => c.startsWith(`${SHOWN_COOKIE}=`))?.slice(SHOWN_COOKIE.length + 1) ?? '';
  return new Set(value.split('.').filter(Boolean));
}

/** Whether this dialog may still open by itself on this page (cheap: call it before starting a timer). */
export function mayOpenByItself(kind: AutoDialog, path: string): boolean {
  return !openedThisView && !isTaskPage(path) && !shownThisSession().has(kind);
}

/** Takes this page view's one automatic opening for `kind`, if it is still free; false otherwise. */
export function claimAutoOpen(kind: AutoDialog, path: string): boolean {
  if (!mayOpenByItself(kind, path)) return false;
  openedThisView = true;
  const shown = [...shownThisSession(), kind].join('.');
  // no expiry: the browser forgets it when its session ends, as SPEC's "once per browser session" means
  document.cookie = `${SHOWN_COOKIE}=${shown}; path=/; SameSite=Lax`;
  return true;
}

/** The next page view of the same browser session (each page load starts one; tests call it). */
export function startPageView() {
  openedThisView = false;
}

/** The first page view of a new browser session (tests). */
export function resetAutoDialogs() {
  startPageView();
  if (typeof document !== 'undefined') document.cookie = `${SHOWN_COOKIE}=; path=/; max-age=0`;
}
