// What the user reads when the identity service refuses (SPEC §8 "Identity service error
// codes handled", plus the everyday ones: a wrong password, a taken e-mail...).

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail or password is wrong.',
  'auth/wrong-password': 'The e-mail or password is wrong.',
  'auth/user-not-found': 'The e-mail or password is wrong.',
  'auth/invalid-login-credentials': 'The e-mail or password is wrong.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Sign in instead, or use “Forgot password?”.',
  'auth/invalid-email': 'This e-mail address is not valid.',
  'auth/missing-email': 'Enter your e-mail address.',
  'auth/missing-password': 'Enter your password.',
  'auth/weak-password': 'This password is too weak: use at least 6 characters.',
  'auth/password-does-not-meet-requirements': 'This password does not meet the requirements of the service. The requirements were refreshed: check them and try again.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes and try again.',
  'auth/user-disabled': 'This account has been disabled. Contact support.',
  'auth/network-request-failed': 'No connection to the sign-in service. Check your network and try again.',
  'auth/missing-recaptcha-token': 'The sign-in service asked for a captcha check that failed. Try again.',
  'auth/multi-factor-auth-required': 'This account needs a second sign-in step, which Clearway does not support yet. Contact support.',
  'auth/user-mismatch': 'These credentials belong to another user than the one signed in.',
  'auth/unauthorized-domain': 'This web address is not authorised for sign-in. The administrator must add it to the project’s authorised domains.',
  'auth/popup-blocked': 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/invalid-api-key': 'The app’s cloud configuration is wrong (invalid API key). Contact the administrator.',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'The app’s cloud configuration is wrong (invalid API key). Contact the administrator.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is not valid: it was already used, or it was changed. Ask for a new one.',
  'auth/requires-recent-login': 'Sign in again to do this.',
  'auth/operation-not-allowed': 'E-mail and password sign-in is not enabled for this project.',
  'auth/no-current-user': 'Sign in first.',
  'permission-denied': 'The cloud refused this: your account may not be approved, or it is not yours.',
  unavailable: 'The cloud cannot be reached. Check your connection and try again.',
};

/** The code of an identity or Firestore error ('auth/wrong-password'), or null. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** A sentence for the user; unknown failures keep their own text with the code. */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  const text = error instanceof Error ? error.message : String(error);
  return code ? `Something went wrong (${code}): ${text}` : `Something went wrong: ${text}`;
}
