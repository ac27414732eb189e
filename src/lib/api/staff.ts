import { call } from './client.ts';
import { requireDashboard } from '../forms/guards.ts';
import type { ApiUser } from '../stores/session.ts';

/** A consultancy's staff: the owner's invitations and removals, and the invitee's side of the mailed link. */

/** a type, not an interface: the console's tables take it as a row */
export type Invitation = {
  id: number;
  email: string;
  expires_at: string;
  expired: boolean;
};
export interface InvitationPreview {
  email: string;
  consultancy_name: string;
  expires_at: string;
}
export interface Acceptance {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
}

const base = 'consultancy/dashboard/staff';
const owner = <T>(run: () => Promise<T>) => {
  requireDashboard('consultancy');
  return run();
};

export const listInvitations = () =>
  owner(() => call('Failed to fetch the invitations', (c) => c.get(`${base}/invitations/`).json<Invitation[]>()));
export const invite = (email: string) =>
  owner(() => call('Failed to send the invitation', (c) => c.post(`${base}/invitations/`, { json: { email } }).json<Invitation>()));
export const withdrawInvitation = (id: number) =>
  owner(() => call('Failed to withdraw the invitation', (c) => c.delete(`${base}/invitations/${id}/`).json<{ message: string }>()));
export const removeCounsellor = (id: number) =>
  owner(() => call('Failed to remove the counsellor', (c) => c.delete(`${base}/${id}/`).json<{ message: string }>()));

/** Public: the link's token is the only key. */
export const previewInvitation = (token: string) =>
  call('This invitation link does not work', (c) => c.post('consultancy/staff/invitation/', { json: { token } }).json<InvitationPreview>());
export const acceptInvitation = (body: Acceptance) =>
  call('Failed to accept the invitation', (c) =>
    c.post('consultancy/staff/accept/', { json: body }).json<{ access: string; refresh: string; user: ApiUser }>(),
  );
