import type { ModalSettings } from '../api/public.ts';

/**
 * The counsellor prompts (issue 22): no longer dialogs that open by themselves but cards in the page
 * flow, after the page's own content. A detail page offers "See the full details", other pages
 * "Planning to study abroad?"; the modal settings still hide each (hide_full_detail_modal,
 * hide_study_abroad_modal), and "Not now" puts it away for the rest of the browser session.
 */
export type Prompt = 'guidance' | 'full-detail';

export const DISMISSED_KEY = 'prompts_dismissed';

/**
 * The guidance prompt is hidden on admin, dashboard, login and the consultancy pages (SPEC §2), and on
 * task pages: a student managing a booking, filling their profile or offline has no use for it there,
 * and on those short pages a card appearing after load would push the footer in view (layout shift).
 */
export const guidanceAllowed = (path: string) =>
  !/^\/(admin|dashboard|login|consultancy|track|complaint|review|search|shortlist|compare|booking|my-profile|offline|404)(\/|$)/.test(path);

function dismissed(): Set<string> {
  try {
    return new Set((sessionStorage.getItem(DISMISSED_KEY) ?? '').split(',').filter(Boolean));
  } catch {
    return new Set();
  }
}

/** Which prompt this page shows, if any, once the modal settings are known. */
export function promptFor(path: string, detailTitle: string | null | undefined, flags: ModalSettings & { loaded: boolean }): Prompt | null {
  if (!flags.loaded) return null;
  const prompt: Prompt | null = detailTitle
    ? flags.hide_full_detail_modal
      ? null
      : 'full-detail'
    : guidanceAllowed(path) && !flags.hide_study_abroad_modal
      ? 'guidance'
      : null;
  return prompt && !dismissed().has(prompt) ? prompt : null;
}

export function dismissPrompt(prompt: Prompt) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, [...dismissed(), prompt].join(','));
  } catch {
    /* private mode: hidden on this page only */
  }
}
