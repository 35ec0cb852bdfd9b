import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authErrorMessage, FormError, PasswordField, startSession, usePasswordPolicy } from '../features/account';
import { Page } from '../ui/Page';

/** /set-password: the page of a password-reset link ('Forgot password?'), with SPEC §5's policy. */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode');
  const [email, setEmail] = useState<string | null>(null);
  const { policy, problem, failure } = usePasswordPolicy(code !== null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
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
    const weak = problem(password);
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
      setError(await failure(e));
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
            <PasswordField label="New password" autoComplete="new-password" policy={policy} value={password} onChange={setPassword} />
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                Set password
              </button>
            </div>
          </form>
        )
      )}
      <FormError error={error} />
    </Page>
  );
}
