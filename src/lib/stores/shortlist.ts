import { atom } from 'nanostores';
import type { ShortlistItem } from '../contract/bodies/shortlist.ts';
import { addToAccount, removeFromAccount } from '../api/shortlist.ts';
import { $session } from './session.ts';

/**
 * The student's shortlist: saved universities, courses, consultancies and scholarships. It lives on
 * the device (localStorage, the same in every tab), so no account is needed; once signed in it is
 * merged into the account's (once per account and device) and every change goes to both.
 */
export type Saved = ShortlistItem;

export const $shortlist = atom<Saved[]>([]);

const KEY = 'shortlist';
const SYNCED_KEY = 'shortlist_synced_for';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const same = (a: Saved, b: Saved) => a.entity === b.entity && a.id === b.id;

function read(): Saved[] {
  try {
    const list = JSON.parse(storage()?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((i): i is Saved => typeof i?.entity === 'string' && Number.isInteger(i?.id)) : [];
  } catch {
    return [];
  }
}

function keep(list: Saved[]) {
  storage()?.setItem(KEY, JSON.stringify(list));
  $shortlist.set(list);
}

let loaded = false;
/** Reads the device's shortlist once per page, and follows changes made in other tabs. */
export function loadShortlist() {
  if (loaded) return;
  loaded = true;
  $shortlist.set(read());
  if (typeof window !== 'undefined') window.addEventListener('storage', (e) => e.key === KEY && $shortlist.set(read()));
}

export const isSaved = (list: Saved[], item: Saved) => list.some((i) => same(i, item));

const signedIn = () => Boolean($session.get().access && $session.get().user);

/** Saves or unsaves a row, on the device at once and on the account when signed in. */
export async function toggleSaved(item: Saved): Promise<void> {
  const list = $shortlist.get();
  const saved = isSaved(list, item);
  keep(saved ? list.filter((i) => !same(i, item)) : [...list, item]);
  if (!signedIn()) return;
  const reply = await (saved ? removeFromAccount(item) : addToAccount([item])).catch(() => null);
  if (reply) keep(merge(read(), reply.items));
}

/** Adds several rows (a shared list) to the device's shortlist, and the account's when signed in. */
export async function saveAll(items: Saved[]): Promise<void> {
  keep(merge($shortlist.get(), items));
  if (signedIn()) {
    const reply = await addToAccount(items).catch(() => null);
    if (reply) keep(merge(read(), reply.items));
  }
}

/** The union of two lists, the first's order first. */
export const merge = (a: Saved[], b: Saved[]) => [...a, ...b.filter((i) => !isSaved(a, i))];

/**
 * Once per account on this device: what was saved while signed out goes to the account, and the
 * account's saved rows come to the device.
 */
export async function syncWithAccount(): Promise<void> {
  const user = $session.get().user;
  if (!signedIn() || !user) return;
  if (storage()?.getItem(SYNCED_KEY) === String(user.id)) return;
  const reply = await addToAccount($shortlist.get()).catch(() => null);
  if (!reply) return;
  keep(merge($shortlist.get(), reply.items));
  storage()?.setItem(SYNCED_KEY, String(user.id));
}

/** A shareable address of a list: /shortlist/?university=3,17&course=42 */
export function shareQuery(list: Saved[]): string {
  const params = new URLSearchParams();
  for (const entity of [...new Set(list.map((i) => i.entity))])
    params.set(
      entity,
      list
        .filter((i) => i.entity === entity)
        .map((i) => i.id)
        .join(','),
    );
  return params.size ? `?${params}` : '';
}

/** The rows a shared address names, of the kinds a shortlist holds. */
export function fromQuery(query: string, kinds: readonly string[]): Saved[] {
  const params = new URLSearchParams(query);
  return kinds.flatMap((entity) =>
    (params.get(entity) ?? '')
      .split(',')
      .filter((v) => /^\d{1,9}$/.test(v))
      .map((v) => ({ entity, id: Number(v) })),
  );
}
