import { atom } from 'nanostores';

/**
 * Data saver (issue 27): on a metered phone, pictures are not loaded. The student's choice is kept
 * on the device; without one, the browser's own Save-Data setting (navigator.connection.saveData)
 * decides. Lazy images that have not loaded yet lose their src (kept in data-saved-src), so the
 * browser shows their alt text or the card's placeholder instead; switching off gives it back.
 */
const KEY = 'data-saver';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function initial(): boolean {
  const chosen = storage()?.getItem(KEY);
  if (chosen !== null && chosen !== undefined) return chosen === 'on';
  const connection = typeof navigator === 'undefined' ? undefined : (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

export const $dataSaver = atom(initial());

export function applyDataSaver(root: ParentNode = document) {
  const on = $dataSaver.get();
  document.documentElement.classList.toggle('data-saver', on);
  if (on)
    for (const img of root.querySelectorAll<HTMLImageElement>('img[loading="lazy"][src]')) {
      if (img.complete && img.naturalWidth) continue;
      img.dataset.savedSrc = img.getAttribute('src')!;
      img.removeAttribute('src');
    }
  else
    for (const img of root.querySelectorAll<HTMLImageElement>('img[data-saved-src]')) {
      img.src = img.dataset.savedSrc!;
      delete img.dataset.savedSrc;
    }
}

export function setDataSaver(on: boolean) {
  storage()?.setItem(KEY, on ? 'on' : 'off');
  $dataSaver.set(on);
  applyDataSaver();
}

/** Images that islands render later (search results, cards) are held back too while it is on. */
export function watchDataSaver() {
  if (typeof document === 'undefined') return;
  applyDataSaver();
  new MutationObserver(() => $dataSaver.get() && applyDataSaver()).observe(document.body, { childList: true, subtree: true });
}
