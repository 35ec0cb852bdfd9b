import { AccountPanel, AdminAccounts, useSession } from '../features/account';
import { Page } from '../ui/Page';

/** /admin/accounts: administrators approve or reject registrations; others are told why not. */
export default function AdminAccountsPage() {
  const session = useSession(true);
  return (
    <Page title="Account approvals">
      {session.state === 'loading' && <p role="status">Loading...</p>}
      {session.state === 'signed-out' && (
        <>
          <p role="alert">Only administrators can review accounts. Sign in with an administrator account.</p>
          <AccountPanel />
        </>
      )}
      {session.state === 'unavailable' && <p role="alert">The account service could not be loaded: {session.error}</p>}
      {session.state === 'signed-in' &&
        (session.user.isAdmin ? (
          <AdminAccounts />
        ) : (
          <p role="alert">
            Only administrators can review accounts, and {session.user.email} is not one. An administrator is made with{' '}
            <code>npm run admin -- grant EMAIL</code> on the server.
          </p>
        ))}
    </Page>
  );
}
