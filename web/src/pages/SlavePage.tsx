import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function SlavePage() {
  return (
    <Page title="Companion app">
      <p>
        The companion app lets a second device, usually a phone, feed the survey that runs
        on the surveyor’s main device: measurements and photos taken here will be sent to
        that survey and marked as coming from the companion app.
      </p>
      <p>
        Pairing with a main device is not part of this build yet. To record a survey on
        this device instead, switch it to the full survey app.
      </p>
      <RelatedLinks
        links={[
          { path: '/mobile-select', label: 'Choose the app for this device' },
          { path: '/LiveMonitor', label: 'Live monitor' },
          { path: '/help', label: 'Help' },
        ]}
      />
    </Page>
  );
}
