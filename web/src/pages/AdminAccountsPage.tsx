import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function AdminAccountsPage() {
  return (
    <Page title="Account approvals">
      <p>
        Administrators will approve or reject registrations here. An approved account can
        sign in and sync its surveys; a rejected one is signed out and told to contact
        support.
      </p>
      <p>This build has no accounts to list yet: registration comes first.</p>
      <RelatedLinks
        links={[
          { path: '/', label: 'Settings' },
          { path: '/policies', label: 'Policies' },
        ]}
      />
    </Page>
  );
}
