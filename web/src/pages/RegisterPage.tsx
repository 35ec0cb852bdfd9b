import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { grantAppAccess } from '../features/access/appAccess';
import {
  authErrorMessage,
  errorCode,
  fetchPasswordPolicy,
  passwordHint,
  passwordMessage,
  startSession,
  type PasswordPolicy,
} from '../features/account';
import { Page } from '../ui/Page';

/** /register (SPEC §2, §5): 'Email', 'Password', a display name, 'Create account'. */
export default function RegisterPage() {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchPasswordPolicy().then((p) => live && setPolicy(p));
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const weak = passwordMessage(password, policy);
    if (weak) {
      setError(weak);
      return;
    }
    setBusy(true);
    try {
      const client = await startSession();
      await client.register(email.trim(), password, name.trim());
      grantAppAccess(); // they chose to use the app; the guard now follows the account
      navigate('/awaiting-approval');
    } catch (e) {
      // SPEC §8: the service's policy changed under us: read it again for the next try.
      if (errorCode(e) === 'auth/password-does-not-meet-requirements') setPolicy(await fetchPasswordPolicy());
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Create an account">
      <p>
        An account lets you sync your surveys to the cloud and open them on another device. You
        confirm your e-mail address from the message you receive, then an administrator approves
        the account. You can record surveys without one: they stay on this device.
      </p>
      <form className="account-form" onSubmit={submit} aria-label="Create an account">
        <div className="field">
          <label htmlFor={`${id}-name`}>Display name</label>
          <input id={`${id}-name`} autoComplete="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            required
            aria-describedby={`${id}-password-hint`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span id={`${id}-password-hint`} className="field__hint">
            {passwordHint(policy)}
          </span>
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Create account
          </button>
        </div>
        {error && <p role="alert">{error}</p>}
      </form>
      <p>
        Already registered? Sign in on the <Link to="/welcome">welcome page</Link>.
      </p>
    </Page>
  );
}
