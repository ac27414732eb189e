import { atom } from 'nanostores';

/**
 * What the last action did (created, saved, deleted, moved), said where the user is looking: one
 * message at a time, drawn by <Flash> just under the console's top bar whatever the scroll, and
 * read out by its role=status region. It outlives a change of screen (a create opens the new
 * record's edit screen). Errors are not flashed: they stay beside what failed.
 */
export interface FlashMessage {
  id: number;
  text: string;
}

export const $flash = atom<FlashMessage | null>(null);

/** How long a message stays up after it last changed; it has a close button too. */
export const FLASH_MS = 8000;

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function show(message: FlashMessage) {
  clearTimeout(timer);
  $flash.set(message);
  timer = setTimeout(dismissFlash, FLASH_MS);
}

/** Shows a message; the id lets `updateFlash` add to it later. */
export function flash(text: string): number {
  show({ id: ++seq, text });
  return seq;
}

/**
 * New text for a message (a save on its way to the public site): shown again if it had gone, but
 * never over a newer message.
 */
export function updateFlash(id: number, text: string) {
  const current = $flash.get();
  if (current === null ? id === seq : current.id === id) show({ id, text });
}

export function dismissFlash() {
  clearTimeout(timer);
  $flash.set(null);
}
