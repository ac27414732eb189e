import type { PlanTicks } from '../contract/bodies/plan-ticks.ts';
import { call, json } from './client.ts';

/** The signed-in account's plan ticks (the one client adds the session's token). */
type Reply = { plans: PlanTicks[] };

export const mergeTicksIntoAccount = (plans: PlanTicks[]) =>
  call('Failed to save your ticks', json<Reply>('auth/plan-ticks/', { method: 'post', json: { plans } }));
export const setAccountTicks = (destinationId: number, ticks: string[]) =>
  call('Failed to save your ticks', json<Reply>(`auth/plan-ticks/${destinationId}/`, { method: 'put', json: { ticks } }));
