import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { grantAppAccess } from '../features/access/appAccess';
import {
  authErrorMessage,
  refreshSessionUser,
  SignInForm,
  signOutUser,
  startSession,
  useAccount,
  useAccountStatus,
  useSession,
} from '../features/account';
import { Page } from '../ui/Page';

/**
 * /awaiting-approval (SPEC §2, §4): where the account stands — e-mail not yet confirmed, or
 * waiting for an administrator — with 'Resend verification email', 'Check again' and
 * 'Sign out'. The account is followed live: an approval lets the user in without a reload.
 */
export default function AwaitingApprovalPage() {
  const session = useSession(true);
  const uid = session.state === 'signed-in' ? session.user.uid : null;
  const { status } = useAccountStatus(uid !== null);
  const account = useAccount(uid);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);

  async function act(what: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ text: await what(), alert: false });
    } catch (e) {
      setMessage({ text: authErrorMessage(e), alert: true });
    } finally {
      setBusy(false);
    }
  }

  const checkAgain = () =>
    act(async () => {
      const user = await refreshSessionUser();
      if (!user) return 'You are signed out.';
      const client = await startSession();
      const before = await client.fetchAccount(user.uid);
      if (user.emailVerified && before?.status === 'email_pending') await client.markEmailConfirmed(user.uid);
      const now = await account.refetch();
      const s = now.data?.status;
      return s === 'email_pending'
        ? 'Your e-mail address is still not confirmed.'
        : s === 'pending'
          ? 'Still waiting for an administrator.'
          : 'Checked.';
    });

  if (uid && status === 'rejected') return <Navigate to="/welcome" replace />;
  if (uid && status === 'allowed' && account.data !== undefined) return <Navigate to="/" replace />;

  return (
    <Page title="Awaiting approval">
      {session.state === 'loading' && <p role="status">Loading...</p>}
      {session.state === 'unavailable' && <p role="alert">The account service could not be loaded: {session.error}</p>}
      {session.state === 'signed-out' && (
        <>
          <p>Sign in to see where your account stands.</p>
          <SignInForm onSignedIn={grantAppAccess} />
        </>
      )}
      {session.state === 'signed-in' && (
        <>
          {account.data?.status === 'email_pending' && (
            <p role="status">
              Your e-mail address is not confirmed yet. Open the link in the message we sent to{' '}
              <strong>{session.user.email}</strong>, then choose “Check again”.
            </p>
          )}
          {account.data?.status === 'pending' && (
            <p role="status">
              Your e-mail address is confirmed. An administrator has not approved your account yet: this page lets you in
              as soon as they do.
            </p>
          )}
          {account.isPending && <p role="status">Loading...</p>}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  await (await startSession()).resendVerification();
                  return `A new verification e-mail is on its way to ${session.user.email}.`;
                })
              }
            >
              Resend verification email
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={checkAgain}>
              Check again
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => act(async () => (await signOutUser(), 'Signed out.'))}>
              Sign out
            </button>
          </div>
        </>
      )}
      {message && <p role={message.alert ? 'alert' : 'status'}>{message.text}</p>}
    </Page>
  );
}
