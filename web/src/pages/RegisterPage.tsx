import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function RegisterPage() {
  return (
    <Page title="Create an account">
      <p>
        An account lets you sync your surveys to the cloud and open them on another
        device. You register with your e-mail address and a password, confirm the address
        from the e-mail you receive, and an administrator approves the account.
      </p>
      <p>
        Registration is not available in this build. You can record surveys without an
        account: they are kept on this device.
      </p>
      <RelatedLinks
        links={[
          { path: '/welcome', label: 'Use Clearway without an account' },
          { path: '/privacy', label: 'Privacy' },
        ]}
      />
    </Page>
  );
}
