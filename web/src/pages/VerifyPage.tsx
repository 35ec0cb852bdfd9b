import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function VerifyPage() {
  return (
    <Page title="Verify your e-mail">
      <p>
        After you register, Clearway sends a link to your e-mail address. Opening it
        brings you here to confirm that the address is yours; the account then waits for
        an administrator’s approval.
      </p>
      <p>This build does not send verification e-mails yet.</p>
      <RelatedLinks
        links={[
          { path: '/register', label: 'Create an account' },
          { path: '/awaiting-approval', label: 'Awaiting approval' },
        ]}
      />
    </Page>
  );
}
