import { map } from 'nanostores';
import * as api from '../api/staff.ts';
import { ApiError } from '../api/client.ts';
import { ask } from './adminConfirm.ts';
import { createAsyncStore } from './adminDashboard.ts';
import { flash } from './adminFlash.ts';
import { staff } from './casework.ts';
import { $redirect, saveSession, type StoredUser } from './session.ts';

/** The owner's staff screen (members, pending invitations) and the invitee's accept page. */

/** A session stored before staff roles has none: it is an owner's, as counsellors could only sign in since. The server checks anyway. */
export const isOwner = (user: Pick<StoredUser, 'role' | 'staffRole'> | null | undefined) =>
  user?.role === 'consultancy' && user.staffRole !== 'counsellor';
/** A consultancy's counsellor: its dashboard shows them only the case work (every other account is its institution's owner). */
export const isCounsellor = (user: Pick<StoredUser, 'staffRole'> | null | undefined) => user?.staffRole === 'counsellor';

export const invitations = createAsyncStore(api.listInvitations);
export const loadStaffScreen = (owner: boolean) => Promise.all([staff.load(), owner ? invitations.load() : undefined]);

/** Runs an owner's action, says how it went, and reloads both lists. */
async function act(run: () => Promise<{ message: string } | unknown>, done: string) {
  try {
    await run();
    flash(done);
    await loadStaffScreen(true);
    return true;
  } catch (e) {
    flash(e instanceof Error ? e.message : String(e));
    return false;
  }
}

/** Field errors of a refused invitation go back to the form; anything else is flashed. */
export async function inviteByEmail(email: string): Promise<{ ok: true } | { ok: false; field?: string }> {
  try {
    const sent = await api.invite(email);
    flash(`Invitation sent to ${sent.email}.`);
    await invitations.load();
    return { ok: true };
  } catch (e) {
    const field = e instanceof ApiError ? e.fields?.email?.[0] : undefined;
    if (!field) flash(e instanceof Error ? e.message : String(e));
    return { ok: false, field: field ?? (e instanceof ApiError && e.status === 409 ? e.message : undefined) };
  }
}

export async function withdraw(invitation: Pick<api.Invitation, 'id' | 'email'>) {
  const yes = await ask({
    title: 'Withdraw this invitation?',
    text: `The link sent to ${invitation.email} stops working.`,
    yes: 'Withdraw',
    danger: true,
  });
  return yes && act(() => api.withdrawInvitation(invitation.id), 'Invitation withdrawn.');
}

export async function removeMember(member: { id: number; email: string; name: string }) {
  const yes = await ask({
    title: `Remove ${member.name}?`,
    text: 'Their access ends at once; their applications become unassigned.',
    yes: 'Remove',
    danger: true,
  });
  return yes && act(() => api.removeCounsellor(member.id), `${member.name} removed.`);
}

// ---- the invitee's page ------------------------------------------------------------------------

export interface InvitePageState {
  loading: boolean;
  preview: api.InvitationPreview | null;
  /** the link does not work (used, withdrawn, expired or mistyped) */
  error: string | null;
}

export const $invitePage = map<InvitePageState>({ loading: true, preview: null, error: null });

export async function openInvitation(token: string) {
  $invitePage.set({ loading: true, preview: null, error: null });
  if (!token)
    return $invitePage.set({
      loading: false,
      preview: null,
      error: 'This link has no invitation in it. Open the link from the mail again.',
    });
  try {
    $invitePage.set({ loading: false, preview: await api.previewInvitation(token), error: null });
  } catch (e) {
    $invitePage.set({ loading: false, preview: null, error: e instanceof Error ? e.message : String(e) });
  }
}

/** Accepts, signs in with the new account and goes to the dashboard; a refusal comes back with its field errors. */
export async function acceptInvitation(body: api.Acceptance): Promise<ApiError | null> {
  try {
    const session = await api.acceptInvitation(body);
    saveSession(session.access, session.refresh, session.user);
    $redirect.get()('/dashboard/');
    return null;
  } catch (e) {
    return e instanceof ApiError ? e : new ApiError(String(e), 0);
  }
}
