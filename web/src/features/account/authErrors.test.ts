import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './authErrors';

const err = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('identity error messages (SPEC §8)', () => {
  it.each([
    ['auth/invalid-credential', 'The e-mail or password is wrong.'],
    ['auth/email-already-in-use', 'An account with this e-mail already exists. Sign in instead, or use “Forgot password?”.'],
    ['auth/network-request-failed', 'No connection to the sign-in service. Check your network and try again.'],
    ['auth/popup-blocked', 'The browser blocked the sign-in window. Allow pop-ups for this site and try again.'],
    ['auth/popup-closed-by-user', 'The sign-in window was closed before signing in finished.'],
    ['auth/unauthorized-domain', 'This web address is not authorised for sign-in. The administrator must add it to the project’s authorised domains.'],
    ['auth/invalid-api-key', 'The app’s cloud configuration is wrong (invalid API key). Contact the administrator.'],
    ['auth/user-mismatch', 'These credentials belong to another user than the one signed in.'],
    ['auth/multi-factor-auth-required', 'This account needs a second sign-in step, which Clearway does not support yet. Contact support.'],
    ['auth/missing-recaptcha-token', 'The sign-in service asked for a captcha check that failed. Try again.'],
  ])('%s', (code, message) => {
    expect(authErrorMessage(err(code))).toBe(message);
  });

  it('an unknown failure keeps its code and text', () => {
    expect(authErrorMessage(err('auth/odd-thing'))).toBe('Something went wrong (auth/odd-thing): Firebase: Error (auth/odd-thing).');
  });
});
