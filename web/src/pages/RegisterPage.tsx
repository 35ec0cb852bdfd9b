import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { grantAppAccess } from '../features/access/appAccess';
import { FormError, PasswordField, startSession, usePasswordPolicy } from '../features/account';
import { Page } from '../ui/Page';

/** /register (SPEC §2, §5): 'Email', 'Password', a display name, 'Create account'. */
export default function RegisterPage() {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { policy, problem, failure } = usePasswordPolicy();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const weak = problem(password);
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
      // SPEC §8: a refused password re-reads the service's policy for the next try.
      setError(await failure(e));
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
        <PasswordField label="Password" autoComplete="new-password" policy={policy} value={password} onChange={setPassword} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Create account
          </button>
        </div>
        <FormError error={error} />
      </form>
      <p>
        Already registered? Sign in on the <Link to="/welcome">welcome page</Link>.
      </p>
    </Page>
  );
}
