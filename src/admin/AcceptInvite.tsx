import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invitationAcceptance } from '../lib/contract/staff.ts';
import { formatDate } from '../lib/format.ts';
import { $invitePage, acceptInvitation, openInvitation } from '../lib/stores/staff.ts';

/**
 * The invitee's page, /dashboard/accept-invite/?token=… (the invitation mail links here): open
 * without an account; a name and a password make the counsellor's account and sign it in.
 */

const schema = invitationAcceptance.omit({ token: true });
type Values = z.input<typeof schema>;
const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name (optional)', type: 'text', autoComplete: 'family-name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

const tokenOfPage = () => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? ''));

export function AcceptInvite() {
  const page = useStore($invitePage);
  const [token] = useState(tokenOfPage);
  useEffect(() => {
    void openInvitation(token);
  }, [token]);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-3">Join your consultancy</h1>
      {page.loading && <p role="status">Loading…</p>}
      {page.error && (
        <p role="alert" className="alert-error">
          {page.error}
        </p>
      )}
      {page.preview && (
        <>
          <p className="[overflow-wrap:anywhere]">
            <strong>{page.preview.consultancy_name}</strong> invites <strong>{page.preview.email}</strong> to work its applications as a
            counsellor. The link works until {formatDate(page.preview.expires_at, { time: true })}.
          </p>
          <AcceptForm token={token} />
        </>
      )}
    </main>
  );
}

function AcceptForm({ token }: { token: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: '', last_name: '', password: '' },
    mode: 'onTouched',
  });
  const onValid = async (values: z.output<typeof schema>) => {
    setRefusal(null);
    const failed = await acceptInvitation({ token, ...values });
    if (!failed) return;
    const fieldErrors = Object.entries(failed.fields ?? {}).filter(([name]) => FIELDS.some((f) => f.name === name));
    fieldErrors.forEach(([name, [message]], i) => setError(name as keyof Values, { type: 'server', message }, { shouldFocus: i === 0 }));
    if (!fieldErrors.length) setRefusal(failed.message);
  };
  return (
    <form
      method="post"
      className="panel mt-4 grid gap-4 p-5"
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-label="Accept the invitation"
    >
      {FIELDS.map((f) => {
        const error = formState.errors[f.name]?.message;
        return (
          <div key={f.name} className="grid gap-1">
            <label htmlFor={`invite-${f.name}`}>{f.label}</label>
            <input
              id={`invite-${f.name}`}
              type={f.type}
              autoComplete={f.autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `invite-${f.name}-error` : undefined}
              {...register(f.name)}
            />
            {error && (
              <p id={`invite-${f.name}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {refusal && (
        <p role="alert" className="alert-error">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Joining…' : 'Join and sign in'}
      </button>
    </form>
  );
}
