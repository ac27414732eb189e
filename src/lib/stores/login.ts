import { map } from 'nanostores';
import { confirmEmail } from '../api/public.ts';
import { saveSession } from './session.ts';
import { failure, type Failure } from './submit.ts';

export type LoginMode = 'signin' | 'signup' | 'forgot';

export interface LoginState {
  mode: LoginMode;
  /** the sign-up mail's link is being confirmed */
  confirming: boolean;
  /** the link could not be confirmed: said on the sign-up form */
  linkFailure: Failure | null;
}

/** /login/: which form shows, and the sign-up mail's link (?verify=) confirmed on arrival. */
export function createLoginStore() {
  const $login = map<LoginState>({ mode: 'signin', confirming: false, linkFailure: null });
  return {
    $login,
    switchTo: (mode: LoginMode) => $login.set({ mode, confirming: false, linkFailure: null }),
    /** Confirms the address and signs the student in (then `signedIn`), or says why not on the sign-up form. */
    async confirmLink(token: string, signedIn: () => void) {
      $login.setKey('confirming', true);
      try {
        const result = await confirmEmail(token);
        saveSession(result.access, result.refresh, result.user);
        signedIn();
      } catch (err) {
        $login.set({
          mode: 'signup',
          confirming: false,
          linkFailure: failure('This link is no longer valid. Create the account again to get a new one.', err),
        });
      }
    },
  };
}
export type LoginStore = ReturnType<typeof createLoginStore>;
