import { useParams } from 'react-router-dom';
import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function DispatchLivePage() {
  const { convoyId = '' } = useParams();
  return (
    <Page title="Dispatch live view">
      <p>
        Convoy <strong>{convoyId}</strong>
      </p>
      <p>
        The live view will show where this convoy is on its assigned route and flag any
        departure from it as it happens. This build has no convoy connection yet, so there
        is no position to show.
      </p>
      <RelatedLinks links={[{ path: '/route-enforcement/dispatch', label: 'Back to the dispatch console' }]} />
    </Page>
  );
}
