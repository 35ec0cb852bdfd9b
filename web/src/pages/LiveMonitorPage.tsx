import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function LiveMonitorPage() {
  return (
    <Page title="Live monitor">
      <p>
        The live monitor will show a survey in progress as it is recorded: the latest
        measurements and the vehicle’s position, for a colleague following the survey on
        another screen.
      </p>
      <p>This build has no survey to follow yet: recording comes first.</p>
      <RelatedLinks
        links={[
          { path: '/slave', label: 'Companion app' },
          { path: '/route-enforcement/dispatch', label: 'Dispatch console' },
          { path: '/help', label: 'Help' },
        ]}
      />
    </Page>
  );
}
