// The password parts the account forms share (/register, /set-password, the sign-in form):
// the labelled password input, with SPEC §5's policy hint when a new password is chosen; the
// policy itself (the service's when it answers, re-read when the service refuses a password);
// and the identity error shown under a form in words (SPEC §8).
import { useCallback, useEffect, useId, useState } from 'react';
import { fetchPasswordPolicy, type PasswordPolicy } from '../../services/firebase';
import { authErrorMessage, errorCode } from './authErrors';
import { passwordHint, passwordMessage } from './passwordRules';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A new password ('new-password', with the policy's hint) or the current one. */
  autoComplete: 'new-password' | 'current-password';
  /** The policy whose hint is shown under a new password (null: the default minimum). */
  policy?: PasswordPolicy | null;
}

export function PasswordField({ label, value, onChange, autoComplete, policy = null }: PasswordFieldProps) {
  const id = useId();
  const isNew = autoComplete === 'new-password';
  return (
    <div className="field">
      <label htmlFor={`${id}-password`}>{label}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete={autoComplete}
        required
        aria-describedby={isNew ? `${id}-hint` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {isNew && (
        <span id={`${id}-hint`} className="field__hint">
          {passwordHint(policy)}
        </span>
      )}
    </div>
  );
}

/** An identity error (or any message) under a form, announced; nothing when null. */
export function FormError({ error }: { error: string | null }) {
  return error ? <p role="alert">{error}</p> : null;
}

/**
 * SPEC §5's password policy for choosing a new password: read once (`enabled`), `problem`
 * says what is wrong with a password (null when it passes), `failure` turns a refusal into
 * words and re-reads the policy when the service says the password does not meet it.
 */
export function usePasswordPolicy(enabled = true) {
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchPasswordPolicy().then((p) => live && setPolicy(p));
    return () => {
      live = false;
    };
  }, [enabled]);
  const problem = useCallback((password: string) => passwordMessage(password, policy), [policy]);
  const failure = useCallback(async (e: unknown) => {
    if (errorCode(e) === 'auth/password-does-not-meet-requirements') setPolicy(await fetchPasswordPolicy());
    return authErrorMessage(e);
  }, []);
  return { policy, problem, failure };
}
