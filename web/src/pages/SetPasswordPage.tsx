import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function SetPasswordPage() {
  return (
    <Page title="Set your password">
      <p>
        This page is where you choose a new password from a password e-mail, for example
        after an administrator created your account or you asked to reset your password.
      </p>
      <p>This build does not send password e-mails yet.</p>
      <RelatedLinks
        links={[
          { path: '/register', label: 'Create an account' },
          { path: '/welcome', label: 'Welcome' },
        ]}
      />
    </Page>
  );
}
