import { useLocation } from 'react-router-dom';
import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <p>
        There is no page at <code>{pathname}</code>. Check the address, or go on from one of
        these pages.
      </p>
      <RelatedLinks
        links={[
          { path: '/', label: 'Settings' },
          { path: '/help', label: 'Help' },
          { path: '/welcome', label: 'Welcome' },
        ]}
      />
    </Page>
  );
}
