// 'Email', 'Password', 'Sign in', and 'Forgot password?' (which sends a password-reset link
// to the e-mail typed above; the link opens /set-password). Used on /welcome, in the
// workspace and on /awaiting-approval.
import { useId, useState, type FormEvent } from 'react';
import { authErrorMessage } from './authErrors';
import { FormError, PasswordField } from './PasswordField';
import { signIn, startSession } from './session';

export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await signIn(email, password);
      onSignedIn?.();
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function forgot() {
    setError(null);
    setNotice(null);
    if (email.trim() === '') {
      setError('Enter your e-mail address above, then choose “Forgot password?” again.');
      return;
    }
    setBusy(true);
    try {
      const client = await startSession();
      await client.sendPasswordReset(email.trim());
      setNotice(`If an account exists for ${email.trim()}, a link to set a new password is on its way.`);
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={submit} aria-label="Sign in">
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Sign in
        </button>
        <button type="button" className="button" onClick={forgot} disabled={busy}>
          Forgot password?
        </button>
      </div>
      <FormError error={error} />
      {notice && <p role="status">{notice}</p>}
    </form>
  );
}
