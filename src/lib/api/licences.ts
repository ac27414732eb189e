import type { LicenceAction, LicenceStatus } from '../contract/licences.ts';
import { licenceFields } from '../contract/licences.ts';
import { requireDashboard } from '../forms/guards.ts';
import { prepareBody, type FormValues } from '../forms/prepare.ts';
import { call, type Page } from './client.ts';

/** The licence calls of the consultancy dashboard and the admin console (server/routes/licences.ts). */

export type LicenceStep = {
  action: LicenceAction;
  action_label: string;
  reason: string;
  who: string;
  role: string;
  at: string;
};

export type Licence = {
  id: number;
  consultancy_id: number;
  consultancy_name: string;
  consultancy_slug: string;
  permission_number: string;
  issuing_office: string;
  issued_on: string;
  expires_on: string;
  association: string;
  association_number: string;
  status: LicenceStatus;
  status_label: string;
  reason: string;
  reviewed_at: string | null;
  submitted_at: string;
  /** verified, and its expiry day has not passed in Nepal */
  valid: boolean;
  document: { url: string; original_name: string };
  history: LicenceStep[];
};

export interface OwnLicences {
  standing: 'licensed' | 'expired' | 'none';
  /** the licence the public page shows */
  current: Licence | null;
  pending: Licence | null;
  licences: Licence[];
}

export async function getOwnLicences(): Promise<OwnLicences> {
  requireDashboard('consultancy');
  return call('Failed to fetch your licence', (c) => c.get('consultancy/dashboard/licence/').json<OwnLicences>());
}

/** Submits or renews the own licence: multipart, with the document. */
export async function submitLicence(values: FormValues): Promise<Licence> {
  requireDashboard('consultancy');
  const body = prepareBody({ fields: licenceFields, multipart: true }, values, 'create') as FormData;
  return call('Failed to submit the licence', (c) => c.post('consultancy/dashboard/licence/', { body }).json<Licence>());
}

export function listLicences(page = 1, status = ''): Promise<Page<Licence>> {
  const searchParams = new URLSearchParams({ page: String(page > 0 ? page : 1) });
  if (status) searchParams.set('status', status);
  return call('Failed to fetch licences', (c) => c.get('consultancy-licence/admin/', { searchParams }).json<Page<Licence>>());
}

export const verifyLicence = (id: number) =>
  call('Failed to verify the licence', (c) => c.post(`consultancy-licence/${id}/verify/`).json<Licence>());

export const rejectLicence = (id: number, reason: string) =>
  call('Failed to reject the licence', (c) => c.post(`consultancy-licence/${id}/reject/`, { json: { reason } }).json<Licence>());
