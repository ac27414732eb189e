import { atom } from 'nanostores';

/**
 * The open modal dialogs, oldest first. The last one is on top: it is drawn above the others and
 * alone answers Tab and Escape, so a dialog that opens over another (the booking dialog from a
 * prompt) never leaves focus in one the visitor cannot see.
 */
export const $dialogs = atom<readonly HTMLElement[]>([]);

/** z-index of the lowest dialog's backdrop; each one above adds 1 (site.css: banner 40). */
export const DIALOG_LAYER = 50;

export const topDialog = (): HTMLElement | null => $dialogs.get().at(-1) ?? null;

export function openDialog(box: HTMLElement) {
  $dialogs.set([...$dialogs.get().filter((b) => b !== box), box]);
}

/** Takes the dialog off the stack; says whether it was the one on top. */
export function closeDialog(box: HTMLElement): boolean {
  const wasTop = topDialog() === box;
  $dialogs.set($dialogs.get().filter((b) => b !== box));
  return wasTop;
}
