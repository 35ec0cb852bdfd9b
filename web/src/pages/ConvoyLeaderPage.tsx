import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function ConvoyLeaderPage() {
  return (
    <Page title="Convoy leader">
      <p>
        Convoy leader mode will let the lead vehicle start a convoy and invite the vehicles
        that follow it. Each follower opens the invitation link on its own device and joins
        the convoy.
      </p>
      <p>This build cannot start a convoy yet.</p>
      <RelatedLinks
        links={[
          { path: '/convoy/join', label: 'Join a convoy' },
          { path: '/route-enforcement/dispatch', label: 'Dispatch console' },
        ]}
      />
    </Page>
  );
}
