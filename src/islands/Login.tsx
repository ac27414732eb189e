/** @jsxImportSource preact */
import { useEffect, useState, type FormEvent } from 'preact/compat';
import { confirmEmail, register, requestPasswordReset } from '../lib/api/public.ts';
import { workspaceOf } from '../lib/site/account.ts';
import { noteMailedLink } from '../lib/site/autoDialogs.ts';
import { localPath } from '../lib/shared/local-path.ts';
import { login, saveSession, type StoredUser } from '../lib/stores/session.ts';
import { Field, FailureNote, SubmitButton, failure, type Failure } from './FormBits.tsx';

/**
 * Where a signed-in user goes: admins to the console page they asked for (or its start), institutions
 * likewise to their dashboard, students back.
 */
export function destinationFor(role: StoredUser['role'], back: string): string {
  const area = workspaceOf(role)?.href;
  if (!area) return back;
  return back.startsWith(area) ? back : area;
}

/** The page to return to: ?next= (a path of this site only), else a same-site referrer, else the forum. */
export function backPath(search: string, referrer: string, origin: string): string {
  const notLogin = (path: string | null) => (path && !path.startsWith('/login') ? path : null);
  return notLogin(localPath(new URLSearchParams(search).get('next'), origin)) ?? notLogin(localPath(referrer, origin)) ?? '/forum/';
}

const go = (path: string) => window.location.assign(path);

/** /login/: sign in, or create a student account. */
export default function Login() {
  const [mode, setMode] = useState<'signin' | 'signup' | 'forgot'>('signin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  /** the sign-up was received: what to do next (check the mail) */
  const [sent, setSent] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const back = () => backPath(location.search, document.referrer, location.origin);

  const onSignIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const user = await login(String(form.get('email')), String(form.get('password')));
      go(destinationFor(user.role, back()));
    } catch (err) {
      setError(failure(err instanceof Error && err.message ? err.message : 'Login failed', null));
      setBusy(false);
    }
  };

  const onSignUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const payload = {
      email: String(form.get('email')).trim(),
      password: String(form.get('password')),
      first_name: String(form.get('first_name')).trim(),
      last_name: String(form.get('last_name')).trim(),
      phone: String(form.get('phone')).trim(),
    };
    setBusy(true);
    setError(null);
    try {
      const result = await register(payload);
      setSent(result.message);
    } catch (err) {
      setError(failure('Sign-up failed', err));
    } finally {
      setBusy(false);
    }
  };

  const onForgot = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      setSent((await requestPasswordReset(String(form.get('email')).trim())).message);
    } catch (err) {
      setError(failure('We could not send the link.', err));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (next: typeof mode) => {
    setMode(next);
    setError(null);
    setSent(null);
  };

  // the link of the sign-up mail: /login/?verify=<token> confirms the address and signs the student in
  useEffect(() => {
    // opened from the mail: the session stays quiet (no dialog by itself) on the pages after this one
    noteMailedLink();
    const token = new URLSearchParams(location.search).get('verify');
    if (!token) return;
    // the token leaves the address bar (and history) at once
    history.replaceState(null, '', location.pathname);
    setConfirming(true);
    confirmEmail(token)
      .then((result) => {
        saveSession(result.access, result.refresh, result.user);
        go('/forum/');
      })
      .catch((err: unknown) => {
        setError(failure('This link is no longer valid. Create the account again to get a new one.', err));
        setMode('signup');
        setConfirming(false);
      });
  }, []);

  if (confirming) return <p className="panel narrow" role="status">Confirming your email address…</p>;

  const f = error?.fields ?? {};
  return (
    <div className="panel narrow">
      <div className="row" role="tablist" aria-label="Account">
        <button type="button" role="tab" aria-selected={mode === 'signin'} className={`btn${mode === 'signin' ? ' primary' : ''}`} onClick={() => switchTo('signin')}>
          Sign in
        </button>
        <button type="button" role="tab" aria-selected={mode === 'signup'} className={`btn${mode === 'signup' ? ' primary' : ''}`} onClick={() => switchTo('signup')}>
          Create a student account
        </button>
      </div>
      {mode === 'signin' ? (
        <form method="post" onSubmit={onSignIn} aria-label="Sign in">
          <h2>Sign in</h2>
          <Field id="li-email" label="Email" required>
            <input id="li-email" name="email" type="email" required autoComplete="username" />
          </Field>
          <Field id="li-password" label="Password" required>
            <input id="li-password" name="password" type="password" required autoComplete="current-password" />
          </Field>
          <FailureNote failure={error} />
          <SubmitButton className="btn primary wide" busy={busy} busyLabel="Signing in...">
            Sign in
          </SubmitButton>
          <p>
            <button type="button" className="link" onClick={() => switchTo('forgot')}>
              Forgot your password?
            </button>
          </p>
        </form>
      ) : mode === 'forgot' ? (
        <form method="post" onSubmit={onForgot} aria-label="Choose a new password">
          <h2>Forgot your password?</h2>
          <p className="muted">Give the email address of your account: we will send it a link to choose a new password.</p>
          <Field id="fp-email" label="Email" required errors={f.email}>
            <input id="fp-email" name="email" type="email" required autoComplete="username" />
          </Field>
          <FailureNote failure={error} />
          {sent ? (
            <p className="success" role="status">
              {sent}
            </p>
          ) : null}
          <SubmitButton className="btn primary wide" busy={busy} busyLabel="Sending...">
            Send me a link
          </SubmitButton>
        </form>
      ) : sent ? (
        // the sign-up was received: the filled form gives way to what to do next
        <section aria-label="Check your mail" className="mt-4">
          <h2>Check your mail</h2>
          <p className="success" role="status">
            {sent}
          </p>
          <p>
            <button type="button" className="link" onClick={() => switchTo('signin')}>
              Back to sign in
            </button>
          </p>
        </section>
      ) : (
        <form method="post" onSubmit={onSignUp} aria-label="Create a student account">
          <h2>Create a student account</h2>
          <p className="muted">Ask questions and reply in the forum.</p>
          <Field id="su-first" label="First name" required errors={f.first_name}>
            <input id="su-first" name="first_name" required autoComplete="given-name" />
          </Field>
          <Field id="su-last" label="Last name" required errors={f.last_name}>
            <input id="su-last" name="last_name" required autoComplete="family-name" />
          </Field>
          <Field id="su-email" label="Email" required errors={f.email}>
            <input id="su-email" name="email" type="email" required autoComplete="email" />
          </Field>
          <Field id="su-phone" label="Phone" errors={f.phone}>
            <input id="su-phone" name="phone" type="tel" autoComplete="tel" />
          </Field>
          <Field id="su-password" label="Password" required errors={f.password}>
            <input id="su-password" name="password" type="password" required minLength={8} autoComplete="new-password" />
          </Field>
          <FailureNote failure={error} />
          <SubmitButton className="btn primary wide" busy={busy} busyLabel="Creating account...">
            Create account
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
