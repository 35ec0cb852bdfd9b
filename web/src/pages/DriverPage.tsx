import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function DriverPage() {
  return (
    <Page title="Driver view">
      <p>
        The driver view will show the driver the route dispatch assigned, with spoken
        turn-by-turn guidance so the screen can be left alone while driving.
      </p>
      <p>This build has no assigned route to show yet.</p>
      <RelatedLinks
        links={[
          { path: '/route-enforcement/dispatch', label: 'Dispatch console' },
          { path: '/convoy/join', label: 'Join a convoy' },
        ]}
      />
    </Page>
  );
}
