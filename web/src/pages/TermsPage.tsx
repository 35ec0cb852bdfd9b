import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function TermsPage() {
  return (
    <Page title="Terms of use">
      <p>
        Clearway is a recording tool. It stores and exports what you and your instruments
        measure; it does not certify that a route is passable.
      </p>
      <ul>
        <li>Measurements are as accurate as the laser, GPS receiver and device that took them. Check critical clearances on site.</li>
        <li>You are responsible for the surveys you record and share, and for keeping your account’s password private.</li>
        <li>Do not operate the app while driving: record from the passenger seat or when stopped.</li>
      </ul>
      <RelatedLinks
        links={[
          { path: '/privacy', label: 'Privacy' },
          { path: '/policies', label: 'Policies' },
          { path: '/contact', label: 'Contact' },
        ]}
      />
    </Page>
  );
}
