/**
 * "Do I qualify?" on cards and pages: each element with `data-requirements` (a course's stated
 * requirements as JSON, written at build time or by the list island) says what the device's profile
 * makes of them. Without a profile a card says only "Requirements not on record" where that is so.
 */
import { hasProfile, qualify, verdictText, type Requirements } from '../shared/qualify.ts';
import { $profile, loadProfile, syncProfileWithAccount } from '../stores/profile.ts';
import { restoreSession } from '../stores/session.ts';

const TONES = { none: 'qualify none', meets: 'qualify meets', misses: 'qualify misses', unknown: 'qualify unknown' } as const;

function show(root: ParentNode) {
  const profile = $profile.get();
  const known = hasProfile(profile);
  for (const el of root.querySelectorAll<HTMLElement>('[data-requirements]')) {
    let req: Requirements;
    try {
      req = JSON.parse(el.dataset.requirements ?? '{}') as Requirements;
    } catch {
      continue;
    }
    const verdict = qualify(req, profile);
    const visible = known || verdict.status === 'none';
    const text = verdictText(verdict);
    // only what changed: the observer below sees every change this makes
    if (el.hidden === visible) el.hidden = !visible;
    if (el.textContent !== text) el.textContent = text;
    if (el.className !== TONES[verdict.status]) el.className = TONES[verdict.status];
  }
}

let wired = false;
export function wireQualifyMarks(doc: Document) {
  if (wired) return;
  wired = true;
  restoreSession();
  loadProfile();
  void syncProfileWithAccount();
  $profile.subscribe(() => show(doc));
  new MutationObserver(() => show(doc)).observe(doc.body, { childList: true, subtree: true });
}
