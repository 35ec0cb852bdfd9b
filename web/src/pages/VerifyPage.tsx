import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { authErrorMessage, startSession } from '../features/account';
import { Page } from '../ui/Page';

type State = { kind: 'working' } | { kind: 'done'; signedIn: boolean } | { kind: 'failed'; message: string };

/**
 * /verify: the e-mail link's page. It applies the verification code; a signed-in user's
 * account then moves from email_pending to pending (waiting for an administrator). A
 * password-reset link is passed on to /set-password.
 */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode');
  const [state, setState] = useState<State>({ kind: 'working' });
  const applied = useRef(false);

  useEffect(() => {
    if (!code || mode === 'resetPassword' || applied.current) return;
    applied.current = true; // a code works once: StrictMode's second run must not re-apply it
    (async () => {
      const client = await startSession();
      const user = await client.applyVerification(code);
      if (user?.emailVerified) await client.markEmailConfirmed(user.uid);
      setState({ kind: 'done', signedIn: user !== null });
    })().catch((e: unknown) => setState({ kind: 'failed', message: authErrorMessage(e) }));
  }, [code, mode]);

  if (mode === 'resetPassword' && code) return <Navigate to={`/set-password?oobCode=${encodeURIComponent(code)}`} replace />;

  return (
    <Page title="Verify your e-mail">
      {!code && <p role="alert">This page needs the link from the verification e-mail. Open the link from the message, or ask for a new one on the awaiting-approval page.</p>}
      {code && state.kind === 'working' && <p role="status">Confirming your e-mail address…</p>}
      {state.kind === 'done' && (
        <>
          <p role="status">Your e-mail address is confirmed.</p>
          <p>
            An administrator now reviews your registration.{' '}
            {state.signedIn ? (
              <Link to="/awaiting-approval">See where your account stands</Link>
            ) : (
              <>
                <Link to="/awaiting-approval">Sign in</Link> to see where your account stands.
              </>
            )}
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <p role="alert">
          {state.message} <Link to="/awaiting-approval">Ask for a new link</Link>
        </p>
      )}
    </Page>
  );
}
