/**
 * The Save buttons of cards and detail pages (`data-save="university:12"`): static HTML, invisible
 * until this runs (`data-unwired`), then wired to the shortlist store. One listener on the document serves the
 * cards live search adds later too; their pressed state follows the store.
 */
import { $shortlist, isSaved, loadShortlist, syncWithAccount, toggleSaved, type Saved } from '../stores/shortlist.ts';
import { restoreSession } from '../stores/session.ts';

const itemOf = (button: HTMLElement): Saved | null => {
  const [entity, id] = (button.dataset.save ?? '').split(':');
  return entity && /^\d+$/.test(id ?? '') ? { entity, id: Number(id) } : null;
};

function show(root: ParentNode) {
  const list = $shortlist.get();
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-save]')) {
    const item = itemOf(button);
    if (!item) continue;
    const saved = isSaved(list, item);
    const text = saved ? '★ Saved' : '☆ Save';
    // only what changed: the observer below sees every change this makes
    if (button.hasAttribute('data-unwired')) button.removeAttribute('data-unwired');
    if (button.getAttribute('aria-pressed') !== String(saved)) button.setAttribute('aria-pressed', String(saved));
    if (button.textContent !== text) button.textContent = text;
  }
}

let wired = false;
export function wireSaveButtons(doc: Document) {
  if (wired) return;
  wired = true;
  restoreSession();
  loadShortlist();
  void syncWithAccount();
  doc.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-save]');
    const item = button && itemOf(button);
    if (item) void toggleSaved(item);
  });
  $shortlist.subscribe(() => show(doc));
  new MutationObserver(() => show(doc)).observe(doc.body, { childList: true, subtree: true });
}
