import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function ContactPage() {
  return (
    <Page title="Contact">
      <p>
        Questions about an account, its approval or its surveys go to the administrator
        who approves Clearway accounts for your organisation.
      </p>
      <p>
        When you report a problem with the app, include the core version line shown on
        the Settings and Help pages, the device and browser you use, and what you were
        doing when it happened.
      </p>
      <RelatedLinks
        links={[
          { path: '/help', label: 'Help' },
          { path: '/documentation', label: 'Documentation' },
        ]}
      />
    </Page>
  );
}
