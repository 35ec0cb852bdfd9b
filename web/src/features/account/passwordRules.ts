// SPEC §5 passwords: the service's policy when it answers, else its default minimum of 6.
import type { PasswordPolicy } from '../../services/firebase';

export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/** What is wrong with `password` under `policy` (null: the default), or [] when it is fine. */
export function passwordProblems(password: string, policy: PasswordPolicy | null): string[] {
  const min = policy?.minLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  const problems: string[] = [];
  if (password.length < min) problems.push(`at least ${min} characters`);
  if (policy?.maxLength && password.length > policy.maxLength) problems.push(`at most ${policy.maxLength} characters`);
  if (policy?.requireLowercase && !/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (policy?.requireUppercase && !/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (policy?.requireNumeric && !/[0-9]/.test(password)) problems.push('a digit');
  if (policy?.requireNonAlphanumeric && !/[^A-Za-z0-9]/.test(password)) problems.push('a character that is not a letter or digit');
  return problems;
}

/** One sentence for the form, or null when the password is acceptable. */
export function passwordMessage(password: string, policy: PasswordPolicy | null): string | null {
  const problems = passwordProblems(password, policy);
  return problems.length === 0 ? null : `The password needs ${problems.join(', ')}.`;
}

/** The requirements in words, for the hint under a new-password field. */
export function passwordHint(policy: PasswordPolicy | null): string {
  return `Use ${passwordProblems('', policy).join(', ')}.`;
}
