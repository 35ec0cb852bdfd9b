import { describe, expect, it } from 'vitest';
import { noSignedInUser, toAccessStatus } from './accountStatus';

describe('toAccessStatus (SPEC §4)', () => {
  it('allows access with no signed-in user or no account record', () => {
    expect(toAccessStatus({ kind: 'no-user' })).toBe('allowed');
    expect(toAccessStatus({ kind: 'no-account' })).toBe('allowed');
  });

  it('maps the account states', () => {
    expect(toAccessStatus({ kind: 'account', status: 'approved' })).toBe('allowed');
    expect(toAccessStatus({ kind: 'account', status: 'pending' })).toBe('pending');
    expect(toAccessStatus({ kind: 'account', status: 'email_pending' })).toBe('pending');
    expect(toAccessStatus({ kind: 'account', status: 'rejected' })).toBe('rejected');
  });

  it('noSignedInUser reports that nobody is signed in', () => {
    const seen: unknown[] = [];
    noSignedInUser.watch((c) => seen.push(c), () => seen.push('error'))();
    expect(seen).toEqual([{ kind: 'no-user' }]);
  });
});
