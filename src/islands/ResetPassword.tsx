/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { resetPassword } from '../lib/api/public.ts';
import { noteMailedLink } from '../lib/site/autoDialogs.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useSubmit } from './useSubmit.ts';

/** /login/reset/?token=…: the page of the password-reset mail's link, where the new password is chosen. */
export default function ResetPassword() {
  const [token, setToken] = useState<string | null>(null);
  const reset = useSubmit(
    async (form) => (await resetPassword(token ?? '', String(form.get('password')))).message,
    'The password could not be changed.',
  );
  const { failure: error, result: done } = reset;

  useEffect(() => {
    // opened from the mail: the session stays quiet (no dialog by itself) on the pages after this one
    noteMailedLink();
    const found = new URLSearchParams(location.search).get('token');
    // the token leaves the address bar (and history) at once; the page keeps it until it is used
    if (found) history.replaceState(null, '', location.pathname);
    setToken(found ?? '');
  }, []);

  // before hydration (and in the built page) the link is not read yet
  if (token === null) return <div className="panel narrow" />;
  if (done)
    return (
      <div className="panel narrow">
        <p className="success" role="status">
          {done}
        </p>
        <p>
          <a className="btn primary" href="/login/">
            Sign in
          </a>
        </p>
      </div>
    );
  if (!token)
    return (
      <div className="panel narrow">
        <p>This page needs the link from the email we sent you. To get one, use "Forgot your password?" on the sign-in page.</p>
        <p>
          <a href="/login/">Sign in</a>
        </p>
      </div>
    );
  const f = error?.fields ?? {};
  return (
    <div className="panel narrow">
      <form method="post" onSubmit={reset.onSubmit} aria-label="Choose a new password">
        <Field id="rp-password" label="New password" required errors={f.password}>
          <input id="rp-password" name="password" type="password" required minLength={8} autoComplete="new-password" />
        </Field>
        <FailureNote failure={error} />
        {error?.fields?.token ? (
          <p>
            <a href="/login/">Ask for a new link</a>
          </p>
        ) : null}
        <SubmitButton className="btn primary wide" busy={reset.busy} busyLabel="Saving...">
          Save the new password
        </SubmitButton>
      </form>
    </div>
  );
}
