import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function PrivacyPage() {
  return (
    <Page title="Privacy">
      <p>What Clearway stores, where, and when it leaves the device.</p>
      <h2>On this device</h2>
      <p>
        Surveys, measurements, photos, videos, routes, vehicle traces and settings are
        stored in this browser on this device. They stay there when you are offline and
        until you delete them or clear the browser’s data.
      </p>
      <h2>Location</h2>
      <p>
        Positions come from a connected GPS receiver or, as a fallback, from this device’s
        location. A position is recorded with each measurement and in the vehicle trace of
        a survey, and the map keeps the last position it showed during a survey (to about
        11 m) so that it opens there next time; signing out removes it. Clearway does not
        track you outside a survey.
      </p>
      <h2>In the cloud</h2>
      <p>
        Nothing is sent anywhere unless you sign in. When you are signed in and online,
        your surveys are synced to the cloud database of your organisation’s Clearway
        service, stored under your account, and only your account can read them back.
      </p>
      <RelatedLinks
        links={[
          { path: '/policies', label: 'Policies' },
          { path: '/terms', label: 'Terms of use' },
          { path: '/contact', label: 'Contact' },
        ]}
      />
    </Page>
  );
}
