import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { FieldMeta } from '../lib/contract/fields.ts';
import { invitation, STAFF_ROLES } from '../lib/contract/staff.ts';
import { staff, staffName } from '../lib/stores/casework.ts';
import { $session } from '../lib/stores/session.ts';
import { invitations, inviteByEmail, isOwner, loadStaffScreen, removeMember, withdraw } from '../lib/stores/staff.ts';
import { columnsOf, DataTable } from './DataTable.tsx';
import { ScreenHeader } from './ui.tsx';

/** The consultancy's staff: everyone sees who works its applications; owners invite, withdraw and remove. */

const memberFields: Record<string, FieldMeta> = {
  name: { kind: 'text', label: 'Name', column: true },
  email: { kind: 'text', label: 'Email', column: true },
  staff_role: { kind: 'select', label: 'Role', options: STAFF_ROLES, column: true },
};
const invitationFields: Record<string, FieldMeta> = {
  email: { kind: 'text', label: 'Email', column: true },
  expires_at: { kind: 'datetime', label: 'Expires', column: true },
};
export function DashboardStaff() {
  const owner = isOwner(useStore($session).user);
  const members = useStore(staff.$state);
  useEffect(() => {
    void loadStaffScreen(owner);
  }, [owner]);
  return (
    <section aria-labelledby="staff-title">
      <ScreenHeader id="staff-title" title="Staff" />
      {owner && <InviteForm />}
      {members.error && (
        <p role="alert" className="alert-error">
          {members.error}
        </p>
      )}
      <DataTable
        caption="Staff"
        columns={columnsOf(memberFields)}
        rows={(members.data ?? []).map((m) => ({ ...m, name: staffName(m) }))}
        empty={members.loading ? 'Loading…' : 'No staff yet.'}
        actions={
          owner
            ? (row) =>
                row.staff_role === 'counsellor' && (
                  <button
                    type="button"
                    className="btn-danger"
                    onClick={() => void removeMember({ id: Number(row.id), email: String(row.email), name: String(row.name) })}
                  >
                    Remove <span className="sr-only">{String(row.name)}</span>
                  </button>
                )
            : undefined
        }
      />
      {owner && <PendingInvitations />}
    </section>
  );
}

function PendingInvitations() {
  const s = useStore(invitations.$state);
  return (
    <>
      <h2 className="mt-6">Pending invitations</h2>
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      <DataTable
        caption="Pending invitations"
        columns={columnsOf(invitationFields)}
        rows={s.data ?? []}
        empty={s.loading ? 'Loading…' : 'No pending invitations.'}
        actions={(row) => (
          <>
            {row.expired === true && <span className="badge">Expired</span>}
            <button type="button" onClick={() => void withdraw({ id: Number(row.id), email: String(row.email) })}>
              Withdraw <span className="sr-only">the invitation of {String(row.email)}</span>
            </button>
          </>
        )}
      />
    </>
  );
}

function InviteForm() {
  const { register, handleSubmit, setError, reset, formState } = useForm<z.input<typeof invitation>, unknown, z.output<typeof invitation>>({
    resolver: zodResolver(invitation),
    defaultValues: { email: '' },
  });
  const error = formState.errors.email?.message;
  return (
    <form
      method="post"
      aria-label="Invite a counsellor"
      className="panel mb-6 flex flex-wrap items-end gap-3 p-4"
      noValidate
      onSubmit={handleSubmit(async ({ email }) => {
        const sent = await inviteByEmail(email);
        if (sent.ok) reset();
        else if (sent.field) setError('email', { type: 'server', message: sent.field });
      })}
    >
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <label htmlFor="invite-email">Invite a counsellor by email</label>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'invite-email-error' : undefined}
          {...register('email')}
        />
        {error && (
          <p id="invite-email-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}
