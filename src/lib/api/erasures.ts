import { call, json, type Page } from './client.ts';

/** The admins' list of erasures carried out at students' requests (server/routes/student-data.ts). */

export interface Erasure {
  id: number;
  application_id: number | null;
  consultancy_id: number | null;
  consultancy_name: string | null;
  /** rows removed or blanked, per kind of data */
  removed: Record<string, number>;
  files_removed: number;
  created_at: string;
}

export const listErasures = (page: number) =>
  call('Failed to fetch erasures', json<Page<Erasure>>('consultancy-application/erasures/', { searchParams: { page } }));
