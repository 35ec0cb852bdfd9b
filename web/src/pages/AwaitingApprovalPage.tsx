import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function AwaitingApprovalPage() {
  return (
    <Page title="Awaiting approval">
      <p>
        Your account is waiting: either for you to confirm your e-mail address with the
        link we sent, or for an administrator to approve the registration.
      </p>
      <p>You will be able to sign in and sync surveys once the account is approved.</p>
      <RelatedLinks
        links={[
          { path: '/verify', label: 'Verify your e-mail' },
          { path: '/contact', label: 'Contact' },
        ]}
      />
    </Page>
  );
}
