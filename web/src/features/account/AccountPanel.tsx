// The account section of /welcome and the workspace: who is signed in with 'Sign out', or
// the sign-in form and a link to register. Sync needs an approved account (SPEC §4, §6).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { authErrorMessage } from './authErrors';
import { signOutUser, useSession } from './session';
import { SignInForm } from './SignInForm';

export function AccountPanel({ onSignedIn }: { onSignedIn?: () => void }) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby="account-heading" className="account-panel">
      <h2 id="account-heading">Cloud account</h2>
      {session.state === 'loading' && <p role="status">Checking who is signed in…</p>}
      {session.state === 'unavailable' && (
        <p role="alert">The cloud service could not be loaded ({session.error}). Your surveys stay on this device.</p>
      )}
      {session.state === 'signed-in' && (
        <>
          <p>
            Signed in as <strong>{session.user.email}</strong>
            {session.user.isAdmin && ' (administrator)'}.
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setError(null);
                signOutUser().catch((e: unknown) => setError(authErrorMessage(e)));
              }}
            >
              Sign out
            </button>
            {session.user.isAdmin && <Link to="/admin/accounts">Review accounts</Link>}
          </div>
        </>
      )}
      {session.state === 'signed-out' && (
        <>
          <p>Sign in to sync your surveys to the cloud. Without an account they stay on this device.</p>
          <SignInForm onSignedIn={onSignedIn} />
          <p>
            No account yet? <Link to="/register">Register</Link>
          </p>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
