import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
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

/** /set-password: the page of a password-reset link ('Forgot password?'), with SPEC §5's policy. */
export default function SetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const code = params.get('oobCode');
  const [email, setEmail] = useState<string | null>(null);
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
    fetchPasswordPolicy().then((p) => live && setPolicy(p));
    startSession()
      .then((client) => client.checkResetCode(code))
      .then(
        (e) => live && setEmail(e),
        (e: unknown) => live && setError(authErrorMessage(e)),
      );
    return () => {
      live = false;
    };
  }, [code]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code) return;
    setError(null);
    const weak = passwordMessage(password, policy);
    if (weak) {
      setError(weak);
      return;
    }
    setBusy(true);
    try {
      const client = await startSession();
      await client.confirmReset(code, password);
      setDone(true);
    } catch (e) {
      if (errorCode(e) === 'auth/password-does-not-meet-requirements') setPolicy(await fetchPasswordPolicy());
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Set your password">
      {!code && <p role="alert">This page needs the link from the password e-mail. Choose “Forgot password?” next to sign-in to get one.</p>}
      {done ? (
        <p role="status">
          Your password is set. <Link to="/welcome">Sign in</Link> with it.
        </p>
      ) : (
        code && (
          <form className="account-form" onSubmit={submit} aria-label="Set a new password">
            {email && <p>For {email}.</p>}
            <div className="field">
              <label htmlFor={`${id}-password`}>New password</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="new-password"
                required
                aria-describedby={`${id}-hint`}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <span id={`${id}-hint`} className="field__hint">
                {passwordHint(policy)}
              </span>
            </div>
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                Set password
              </button>
            </div>
          </form>
        )
      )}
      {error && <p role="alert">{error}</p>}
    </Page>
  );
}
