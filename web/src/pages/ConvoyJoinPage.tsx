import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { RelatedLinks } from '../features/navigation/RelatedLinks';
import { Page } from '../ui/Page';

export default function ConvoyJoinPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const inputId = useId();
  const [code, setCode] = useState('');

  return (
    <Page title="Join a convoy">
      <p>
        Convoy follower mode will let this vehicle join a convoy started by its leader,
        using the invitation link or code the leader shares.
      </p>
      {token ? (
        <p>
          Invitation code received: <strong>{token}</strong>. This build cannot join a
          convoy yet; keep the link to open it again later.
        </p>
      ) : (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = code.trim();
            if (trimmed) navigate(`/convoy/join/${encodeURIComponent(trimmed)}`);
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>Invitation code</label>
            <input id={inputId} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
          </div>
          <button type="submit" className="button button--primary">
            Open invitation
          </button>
        </form>
      )}
      <RelatedLinks
        links={[
          { path: '/convoy/leader', label: 'Lead a convoy' },
          { path: '/route-enforcement/driver', label: 'Driver view' },
        ]}
      />
    </Page>
  );
}
