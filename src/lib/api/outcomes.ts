import type { Outcome } from '../contract/outcomes.ts';
import { call, json } from './client.ts';

/** Consultancies' visa outcomes (only those with a decision in the window are listed; the site build reads this once). */
export const outcomes = (consultancy?: number) =>
  call(
    'Failed to fetch outcomes',
    json<{ months: number; min_cases: number; results: Outcome[] }>(
      'consultancy-application/outcomes/',
      consultancy ? { searchParams: { consultancy } } : undefined,
    ),
  );
