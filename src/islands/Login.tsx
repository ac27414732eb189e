/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { register, requestPasswordReset } from '../lib/api/public.ts';
import { workspaceOf } from '../lib/site/account.ts';
import { noteMailedLink } from '../lib/site/autoDialogs.ts';
import { localPath } from '../lib/shared/local-path.ts';
import { createLoginStore, type LoginMode, type LoginStore } from '../lib/stores/login.ts';
import { login, type StoredUser } from '../lib/stores/session.ts';
import { failure, said } from '../lib/stores/submit.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';
import { useSubmit } from './useSubmit.ts';

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
const field = (form: FormData, name: string) => String(form.get(name));

function SignIn({ store }: { store: LoginStore }) {
  const signIn = useSubmit(
    async (form) => {
      const user = await login(field(form, 'email'), field(form, 'password'));
      go(destinationFor(user.role, backPath(location.search, document.referrer, location.origin)));
    },
    (err) => ({ text: said(failure('Login failed', err)) }),
  );
  return (
    <form method="post" onSubmit={signIn.onSubmit} aria-label="Sign in">
      <h2>Sign in</h2>
      <Field id="li-email" label="Email" required>
        <input id="li-email" name="email" type="email" required autoComplete="username" />
      </Field>
      <Field id="li-password" label="Password" required>
        <input id="li-password" name="password" type="password" required autoComplete="current-password" />
      </Field>
      <FailureNote failure={signIn.failure} />
      {/* signed in: the page goes on, the button stays busy until it does */}
      <SubmitButton className="btn primary wide" busy={signIn.status !== 'idle'} busyLabel="Signing in...">
        Sign in
      </SubmitButton>
      <p>
        <button type="button" className="link" onClick={() => store.switchTo('forgot')}>
          Forgot your password?
        </button>
      </p>
    </form>
  );
}

function Forgot() {
  const forgot = useSubmit(
    async (form) => (await requestPasswordReset(field(form, 'email').trim())).message,
    'We could not send the link.',
  );
  return (
    <form method="post" onSubmit={forgot.onSubmit} aria-label="Choose a new password">
      <h2>Forgot your password?</h2>
      <p className="muted">Give the email address of your account: we will send it a link to choose a new password.</p>
      <Field id="fp-email" label="Email" required errors={forgot.failure?.fields?.email}>
        <input id="fp-email" name="email" type="email" required autoComplete="username" />
      </Field>
      <FailureNote failure={forgot.failure} />
      {forgot.result ? (
        <p className="success" role="status">
          {forgot.result}
        </p>
      ) : null}
      <SubmitButton className="btn primary wide" busy={forgot.busy} busyLabel="Sending...">
        Send me a link
      </SubmitButton>
    </form>
  );
}

function SignUp({ store }: { store: LoginStore }) {
  const { linkFailure } = useStore(store.$login);
  const signUp = useSubmit(async (form) => {
    const payload = {
      email: field(form, 'email').trim(),
      password: field(form, 'password'),
      first_name: field(form, 'first_name').trim(),
      last_name: field(form, 'last_name').trim(),
      phone: field(form, 'phone').trim(),
    };
    return (await register(payload)).message;
  }, 'Sign-up failed');
  if (signUp.result)
    // the sign-up was received: the filled form gives way to what to do next
    return (
      <section aria-label="Check your mail" className="mt-4">
        <h2>Check your mail</h2>
        <p className="success" role="status">
          {signUp.result}
        </p>
        <p>
          <button type="button" className="link" onClick={() => store.switchTo('signin')}>
            Back to sign in
          </button>
        </p>
      </section>
    );
  const shown = signUp.failure ?? (signUp.busy ? null : linkFailure);
  const f = shown?.fields ?? {};
  return (
    <form method="post" onSubmit={signUp.onSubmit} aria-label="Create a student account">
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
      <FailureNote failure={shown} />
      <SubmitButton className="btn primary wide" busy={signUp.busy} busyLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}

function ModeTab({ store, mode, current, label }: { store: LoginStore; mode: LoginMode; current: LoginMode; label: string }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={current === mode}
      className={`btn${current === mode ? ' primary' : ''}`}
      onClick={() => store.switchTo(mode)}
    >
      {label}
    </button>
  );
}

/** /login/: sign in, or create a student account. */
export default function Login() {
  const [store] = useState(createLoginStore);
  const { mode, confirming } = useStore(store.$login);

  // the link of the sign-up mail: /login/?verify=<token> confirms the address and signs the student in
  useEffect(() => {
    // opened from the mail: the session stays quiet (no dialog by itself) on the pages after this one
    noteMailedLink();
    const token = new URLSearchParams(location.search).get('verify');
    if (!token) return;
    // the token leaves the address bar (and history) at once
    history.replaceState(null, '', location.pathname);
    void store.confirmLink(token, () => go('/forum/'));
  }, [store]);

  if (confirming)
    return (
      <p className="panel narrow" role="status">
        Confirming your email address…
      </p>
    );
  return (
    <div className="panel narrow">
      <div className="row" role="tablist" aria-label="Account">
        <ModeTab store={store} mode="signin" current={mode} label="Sign in" />
        <ModeTab store={store} mode="signup" current={mode} label="Create a student account" />
      </div>
      {mode === 'signin' ? <SignIn store={store} /> : mode === 'forgot' ? <Forgot /> : <SignUp store={store} />}
    </div>
  );
}
