import { atom } from 'nanostores';
import { MAIL_MARK, MAIL_MARK_VALUE } from '../shared/mail-mark.ts';
import { isTaskPage, SHOWN_COOKIE } from '../shared/auto-dialog-rules.ts';
import { $dialogs } from './dialogs.ts';

/**
 * Dialogs that open by themselves (SPEC §2, issue 22; docs/architecture.md). In a whole browser
 * session at most two: the roadblock ad once and the booking dialog once, both on the session's
 * first page (the first one that is not a task page), the booking dialog SPEC's 2 s after load and
 * a moment after the roadblock is closed, never at once on its close. None opens while the visitor
 * types or uses a form control, nor within QUIET_AFTER_INPUT_MS of their last input; and none in a
 * session that began from a link in one of our mails (`?via=mail`, added by server/mail.ts). The
 * state lives in a session cookie: sessionStorage is per tab, the browser session is not.
 */
export type AutoDialog = 'roadblock' | 'booking';

/** no dialog opens by itself within this long of the visitor's last input */
export const QUIET_AFTER_INPUT_MS = 10_000;
/** the moment the visitor gets after closing the roadblock before the booking dialog may open */
export const AFTER_ROADBLOCK_MS = 2000;
/** how often a waiting dialog looks again (while the roadblock's image loads, or a field has focus) */
export const RECHECK_MS = 250;

/** Cookie tokens: `first` the first page was taken, `mail` the session began from a mail, and the dialogs shown. */
type Token = AutoDialog | 'first' | 'mail';

function tokens(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  const value =
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${SHOWN_COOKIE}=`))
      ?.slice(SHOWN_COOKIE.length + 1) ?? '';
  return new Set(value.split('.').filter(Boolean));
}

function addToken(token: Token) {
  const all = [...tokens(), token];
  // no expiry: the browser forgets it when its session ends, as SPEC's "once per browser session" means
  document.cookie = `${SHOWN_COOKIE}=${[...new Set(all)].join('.')}; path=/; SameSite=Lax`;
}

/** Whether this page view is the session's page for automatic dialogs (decided once per page view). */
let thisView: boolean | null = null;

/**
 * Notes a page reached from one of our mails: the session stays quiet, and the marker leaves the
 * address (so a shared or bookmarked address does not carry it). Called by every page's chrome and
 * by the sign-in pages, which have none but are where the confirmation and reset links land.
 */
export function noteMailedLink() {
  if (typeof location === 'undefined') return;
  const url = new URL(location.href);
  if (url.searchParams.get(MAIL_MARK) !== MAIL_MARK_VALUE) return;
  addToken('mail');
  url.searchParams.delete(MAIL_MARK);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/**
 * Whether this page view is the session's page for automatic dialogs: the first ordinary page of a
 * session not begun from a mail. Decided on the view's first question, and kept for the view.
 */
function isDialogPage(path: string): boolean {
  if (thisView === null) {
    noteMailedLink();
    const t = tokens();
    thisView = !t.has('mail') && !t.has('first') && !isTaskPage(path);
    if (thisView) addToken('first');
  }
  return thisView;
}

/** Whether `kind` may still open by itself on this page view. */
export function mayOpenByItself(kind: AutoDialog, path: string): boolean {
  return isDialogPage(path) && !tokens().has(kind);
}

/** Takes the session's one automatic opening of `kind`, if still free. */
export function claimAutoOpen(kind: AutoDialog, path: string): boolean {
  if (!mayOpenByItself(kind, path)) return false;
  addToken(kind);
  return true;
}

/** The next page view of the same browser session (each page load starts one; tests call it). */
export function startPageView() {
  thisView = null;
  $roadblock.set({ state: 'none' });
}

/** The first page view of a new browser session (tests). */
export function resetAutoDialogs() {
  startPageView();
  lastInputAt = -Infinity;
  if (typeof document !== 'undefined') document.cookie = `${SHOWN_COOKIE}=; path=/; max-age=0`;
}

/**
 * The roadblock of this page, as the booking dialog waits on it: `coming` from the moment it is
 * asked for until its image has loaded and it is shown (or there is none), `closed` with when.
 */
export type RoadblockState = { state: 'none' } | { state: 'coming' } | { state: 'open' } | { state: 'closed'; at: number };
export const $roadblock = atom<RoadblockState>({ state: 'none' });

let lastInputAt = -Infinity;
let watching = false;

/** form controls, the buttons of forms (filters) included; not a dialog's own (closing the ad is not busy work) */
const CONTROLS = 'input, select, textarea, form button, [role="combobox"], [role="listbox"], [role="option"], [contenteditable="true"]';
const EDITABLE =
  'input:not([type="button"]):not([type="submit"]):not([type="checkbox"]):not([type="radio"]), select, textarea, [contenteditable="true"]';

/** Remembers the visitor's last input on a form control (keys, typing, taps and clicks). */
export function watchInput() {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  const note = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(CONTROLS) && !event.target.closest('[role="dialog"]'))
      lastInputAt = Date.now();
  };
  for (const type of ['keydown', 'input', 'pointerdown', 'change']) document.addEventListener(type, note, { capture: true, passive: true });
}

/** How long until the visitor counts as idle: 10 s after their last input, and never while a text field has focus. */
export function busyFor(now = Date.now()): number {
  const typing = typeof document !== 'undefined' && document.activeElement instanceof Element && document.activeElement.matches(EDITABLE);
  return Math.max(lastInputAt + QUIET_AFTER_INPUT_MS - now, typing ? RECHECK_MS : 0, 0);
}

/** How long the booking dialog still waits on the roadblock: while it is coming or open, and a moment after it closed. */
export function roadblockWait(now = Date.now()): number {
  const r = $roadblock.get();
  if (r.state === 'coming' || r.state === 'open') return RECHECK_MS;
  if (r.state === 'closed') return Math.max(r.at + AFTER_ROADBLOCK_MS - now, 0);
  return 0;
}

/**
 * Runs `open` once nothing stands in the way: `wait()` says how long the dialog's own reasons still
 * hold it (0: none), the visitor is idle, and no other dialog is open. Returns a cancel function.
 */
export function whenQuiet(wait: () => number, open: () => void): () => void {
  watchInput();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const now = Date.now();
    const left = Math.max(wait(), busyFor(now), $dialogs.get().length > 0 ? RECHECK_MS : 0);
    if (left > 0) timer = setTimeout(check, left);
    else open();
  };
  check();
  return () => clearTimeout(timer);
}
