import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function DispatchPage() {
  const navigate = useNavigate();
  const inputId = useId();
  const [convoyId, setConvoyId] = useState('');

  return (
    <Page title="Dispatch console">
      <p>
        The dispatch console will let a dispatcher assign planned routes to convoys and
        follow each convoy on its route. Open a convoy’s live view with its ID.
      </p>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = convoyId.trim();
          if (trimmed) navigate(`/route-enforcement/live/${encodeURIComponent(trimmed)}`);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Convoy ID</label>
          <input id={inputId} value={convoyId} onChange={(event) => setConvoyId(event.target.value)} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          Open live view
        </button>
      </form>
      <RelatedLinks
        links={[
          { path: '/route-enforcement/driver', label: 'Driver view' },
          { path: '/convoy/leader', label: 'Lead a convoy' },
        ]}
      />
    </Page>
  );
}
