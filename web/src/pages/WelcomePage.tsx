import { Link, useNavigate } from 'react-router-dom';
import { grantAppAccess } from '../features/access/appAccess';
import { AccountPanel } from '../features/account';
import { Page } from '../ui/Page';

export default function WelcomePage() {
  const navigate = useNavigate();

  return (
    <Page title="Welcome to Clearway">
      <p className="lead">
        Clearway records road clearance surveys. At each bridge, wire, tree or sign along
        the route you record the clearance height with its GPS position, the road and POI
        numbers and a note, and export the survey when you are done.
      </p>
      <p>
        It is built for the field: everything is saved on this device first and the app
        keeps working without a connection. Signing in is only needed to sync surveys to
        the cloud.
      </p>
      <button
        type="button"
        className="button button--primary button--large"
        onClick={() => {
          grantAppAccess();
          navigate('/', { replace: true });
        }}
      >
        Start using Clearway offline
      </button>
      <AccountPanel
        onSignedIn={() => {
          grantAppAccess();
          navigate('/', { replace: true });
        }}
      />
      <nav aria-label="More about Clearway" className="related">
        <h2>Accounts and information</h2>
        <ul className="link-list">
          <li>
            <Link to="/register">Create an account</Link> to sync surveys to the cloud (an administrator approves new accounts).
          </li>
          <li>
            <Link to="/help">Help</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy</Link>
          </li>
          <li>
            <Link to="/terms">Terms of use</Link>
          </li>
        </ul>
      </nav>
    </Page>
  );
}
