import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function DocumentationPage() {
  return (
    <Page title="Documentation">
      <p>How Clearway organises a survey. The Help page covers getting started.</p>
      <h2>Surveys and measurements</h2>
      <p>
        A survey has a title, the surveyor, the client, a project number, origin and
        destination. Each measurement in it holds the clearance height in metres, the GPS
        position, speed and heading, the road number, the POI number and type, and a note;
        it may also hold a photo, a video, a drawing, a width and a length.
      </p>
      <h2>Points of interest</h2>
      <p>
        A POI type says what was measured: a bridge, trees, a wire, a power line, a traffic
        light, walkways, a lateral obstruction, a road, an intersection, signalisation, a
        railroad, information, danger, an important note, work required, or a restricted
        point.
      </p>
      <h2>Position</h2>
      <p>
        Clearway reads NMEA sentences from a serial GPS receiver. When no receiver is
        connected, the device’s own location is used instead.
      </p>
      <h2>Exports</h2>
      <p>
        A survey is exported as CSV, JSON or GeoJSON, or as a zip archive that includes its
        photos and videos.
      </p>
      <RelatedLinks
        links={[
          { path: '/help', label: 'Help' },
          { path: '/', label: 'Settings' },
        ]}
      />
    </Page>
  );
}
