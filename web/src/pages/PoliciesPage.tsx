import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function PoliciesPage() {
  return (
    <Page title="Policies">
      <h2>Accounts</h2>
      <p>
        An account is created with an e-mail address and a password, and is approved by an
        administrator before it can sync surveys. A registration that is not approved
        cannot sign in; its owner can contact support.
      </p>
      <h2>Saving your work</h2>
      <p>
        A measurement counts as saved only once it is written to this device’s storage.
        Clearway saves before it does anything else with a measurement, so a lost
        connection or a closed browser does not lose acknowledged work.
      </p>
      <h2>Keeping surveys</h2>
      <p>
        Surveys stay on the device until you delete them. Export or sync a survey before
        clearing the browser’s data or handing the device to someone else.
      </p>
      <RelatedLinks
        links={[
          { path: '/privacy', label: 'Privacy' },
          { path: '/terms', label: 'Terms of use' },
        ]}
      />
    </Page>
  );
}
