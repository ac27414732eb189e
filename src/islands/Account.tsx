/**
 * The header's account corner on every public page: "Sign in" until a stored session is found,
 * then the signed-in user (an initial on phones, the first name on wider screens) opening their
 * pages and "Sign out", which goes to /login as SPEC §4's logout does. The static HTML carries the
 * sign-in link, so a slow phone offers it before this island has loaded; the first render matches
 * it, since hydration must not meet other markup.
 */
import { useEffect, useState } from 'preact/compat';
import { workspaceOf } from '../lib/site/account.ts';
import { $session, logout, restoreSession } from '../lib/stores/session.ts';
import { displayName, firstName, type DialogUser } from './user.ts';
import { useStore } from './useStore.ts';

export default function Account() {
  const { user } = useStore($session);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if ($session.get().loading) restoreSession();
    setMounted(true);
  }, []);

  if (!mounted || !user)
    return (
      <a className="account" href="/login/">
        Sign in
      </a>
    );
  const workspace = workspaceOf(user.role);
  const name = firstName(user as DialogUser) || displayName(user as DialogUser);
  return (
    <details className="account">
      <summary>
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="account-name">
          <span className="sr-only">Account of </span>
          {name}
        </span>
      </summary>
      <div className="account-panel">
        <p>{user.email}</p>
        {workspace && <a href={workspace.href}>{workspace.label}</a>}
        <button type="button" onClick={() => logout()}>
          Sign out
        </button>
      </div>
    </details>
  );
}
