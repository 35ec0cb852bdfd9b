import { CoreVersion } from '../features/coreInfo/CoreVersion';
import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function HelpPage() {
  return (
    <Page title="Help">
      <p>
        Clearway records road clearance surveys: at each point of interest you record the
        height and position, the road and POI numbers, the type of obstruction and a note.
      </p>
      <h2>Getting started</h2>
      <ol>
        <li>Open the welcome page and choose “Start using Clearway offline”. No account is needed.</li>
        <li>On a phone or tablet, allow location access when asked: the device’s location is the fallback when no GPS receiver is connected.</li>
        <li>On Settings, set the display zoom if the text is too small for your screen.</li>
      </ol>
      <h2>Working without a connection</h2>
      <p>
        After the first visit, the app is stored on the device and opens without a
        connection. An orange bar at the top tells you when you are offline; a green bar
        tells you when the connection is back.
      </p>
      <h2>Phones and tablets</h2>
      <p>
        On a mobile device you choose once whether it runs the full survey app or the
        companion app. You can change the choice on the device selection page.
      </p>
      <h2>Reporting a problem</h2>
      <p>Say what you were doing and quote this line:</p>
      <CoreVersion />
      <RelatedLinks
        links={[
          { path: '/documentation', label: 'Documentation' },
          { path: '/mobile-select', label: 'Choose the app for this device' },
          { path: '/contact', label: 'Contact' },
          { path: '/', label: 'Settings' },
        ]}
      />
    </Page>
  );
}
