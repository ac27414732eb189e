import { atom } from 'nanostores';
import type { PlanTicks } from '../contract/bodies/plan-ticks.ts';
import { TICK_PATTERN } from '../shared/plan-ticks.ts';
import { mergeTicksIntoAccount, setAccountTicks } from '../api/planTicks.ts';
import { $session } from './session.ts';

/**
 * What the student ticked on each destination's plan (issue 27): a step ("12") or one of its
 * documents ("12.0"). Like the shortlist, it lives on the device (localStorage, the same in every
 * tab, readable offline), is merged into the account once per account and device when signed in,
 * and every later change goes to both.
 */
export type Ticks = Record<number, string[]>;

export const $planTicks = atom<Ticks>({});

const KEY = 'plan_ticks';
const SYNCED_KEY = 'plan_ticks_synced_for';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const validTicks = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string' && TICK_PATTERN.test(t)) : [];

function read(): Ticks {
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).flatMap(([d, list]) => (/^\d+$/.test(d) ? [[Number(d), validTicks(list)]] : [])));
  } catch {
    return {};
  }
}

function keep(ticks: Ticks) {
  storage()?.setItem(KEY, JSON.stringify(ticks));
  $planTicks.set(ticks);
}

let loaded = false;
/** Reads the device's ticks once per page, and follows changes made in other tabs. */
export function loadPlanTicks() {
  if (loaded) return;
  loaded = true;
  $planTicks.set(read());
  if (typeof window !== 'undefined') window.addEventListener('storage', (e) => e.key === KEY && $planTicks.set(read()));
}

const signedIn = () => Boolean($session.get().access && $session.get().user);

/** The device's ticks with the account's plans laid over (the account answers with the merged list). */
const withAccount = (ticks: Ticks, plans: PlanTicks[]): Ticks => ({
  ...ticks,
  ...Object.fromEntries(plans.map((p) => [p.destination_id, p.ticks])),
});

/** Ticks or unticks a step or document of a plan, on the device at once and on the account when signed in. */
export async function toggleTick(destinationId: number, tick: string): Promise<void> {
  const current = $planTicks.get()[destinationId] ?? [];
  const next = current.includes(tick) ? current.filter((t) => t !== tick) : [...current, tick];
  keep({ ...read(), [destinationId]: next });
  if (!signedIn()) return;
  const reply = await setAccountTicks(destinationId, next).catch(() => null);
  if (reply) keep(withAccount(read(), reply.plans));
}

/**
 * Once per account on this device: what was ticked while signed out goes to the account (a tick on
 * either side stays), and the account's ticks come to the device.
 */
export async function syncTicksWithAccount(): Promise<void> {
  const user = $session.get().user;
  if (!signedIn() || !user) return;
  if (storage()?.getItem(SYNCED_KEY) === String(user.id)) return;
  const plans = Object.entries($planTicks.get()).map(([d, ticks]) => ({ destination_id: Number(d), ticks }));
  const reply = await mergeTicksIntoAccount(plans).catch(() => null);
  if (!reply) return;
  keep(withAccount($planTicks.get(), reply.plans));
  storage()?.setItem(SYNCED_KEY, String(user.id));
}

/** The read-only address a student shares with parents: the plan's page with its ticks in it. */
export const shareAddress = (origin: string, pagePath: string, ticks: string[]) =>
  `${origin}${pagePath}?ticked=${[...ticks].sort().join(',')}`;

/** The ticks a shared address carries (`?ticked=12,12.0`), or null when it is the student's own page. */
export function sharedTicks(query: string): string[] | null {
  const value = new URLSearchParams(query).get('ticked');
  return value === null ? null : validTicks(value.split(','));
}
