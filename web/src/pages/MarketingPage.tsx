import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function MarketingPage() {
  return (
    <Page title="Clearway for survey teams">
      <p>
        Clearway is for teams that survey roads ahead of oversize moves: it records every
        clearance along a route with its position, keeps working where there is no signal,
        and hands over the survey as CSV, JSON, GeoJSON or a zip with the photos.
      </p>
      <ul>
        <li>Works offline: the app and its data live on the device.</li>
        <li>Reads a serial GPS receiver, with the device’s location as a fallback.</li>
        <li>Accounts are approved by your administrator before they can sync to the cloud.</li>
      </ul>
      <RelatedLinks
        links={[
          { path: '/welcome', label: 'Start using Clearway' },
          { path: '/register', label: 'Create an account' },
          { path: '/contact', label: 'Contact' },
        ]}
      />
    </Page>
  );
}
