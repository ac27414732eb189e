/**
 * The rules that decide whether a page view may open the roadblock ad by itself: shared by
 * src/lib/site/autoDialogs.ts and the pages' early inline script (./early-script.ts), which starts
 * the ad's call from the HTML before any script of the site has loaded, and which the build leaves
 * out of the task pages.
 */

/** The session cookie holding which automatic dialogs the browser session has had (autoDialogs.ts). */
export const SHOWN_COOKIE = 'auto_dialogs';

const TASK_PAGE = /^\/(login|track|complaint|review|search|shortlist|compare|404)(\/|$)/;
const APPLY_PAGE = /^\/consultancy\/[^/]+\/apply(\/|$)/;

/** Applying, tracking, complaining, reviewing, signing in, searching, comparing, or lost (404): no dialog opens by itself there. */
export const isTaskPage = (path: string) => TASK_PAGE.test(path) || APPLY_PAGE.test(path);

/** SPEC §2: the roadblock never shows on paths starting with /admin or /dashboard. */
export const CONSOLE_PATH = /^\/(admin|dashboard)/;

/** the width from which the roadblock's desktop image is the one shown (the <picture>'s media) */
export const WIDE = '(min-width: 768px)';
