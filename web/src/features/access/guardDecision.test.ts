import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guardDecision';

/** A desktop user with access, an allowed account and nothing else known. */
const base: GuardInput = {
  appAccess: true,
  accountStatus: 'allowed',
  isMobile: false,
  permissionsRequested: false,
  locationPermission: 'checking',
  permissionScreenDone: false,
};

describe('decideGuard (SPEC §2 protected content)', () => {
  it('sends a user without app_access to the welcome page, whatever else holds', () => {
    expect(decideGuard({ ...base, appAccess: false })).toBe('welcome');
    expect(decideGuard({ ...base, appAccess: false, accountStatus: 'pending', isMobile: true })).toBe('welcome');
  });

  it('waits while the account status is checked', () => {
    expect(decideGuard({ ...base, accountStatus: 'checking' })).toBe('loading');
  });

  it('sends pending accounts to /awaiting-approval and rejected ones to /welcome', () => {
    expect(decideGuard({ ...base, accountStatus: 'pending' })).toBe('awaiting');
    expect(decideGuard({ ...base, accountStatus: 'rejected', isMobile: true })).toBe('welcome');
  });

  it('never shows the permission screen on desktop', () => {
    expect(decideGuard(base)).toBe('content');
    expect(decideGuard({ ...base, locationPermission: 'denied' })).toBe('content');
    expect(decideGuard({ ...base, locationPermission: 'unsupported', permissionsRequested: true })).toBe('content');
  });

  it('shows the permission screen on a first mobile launch without waiting for the permission query', () => {
    expect(decideGuard({ ...base, isMobile: true })).toBe('permission');
    expect(decideGuard({ ...base, isMobile: true, locationPermission: 'granted' })).toBe('permission');
  });

  it('on mobile, after the first launch, shows it only while permission is not granted', () => {
    const asked = { ...base, isMobile: true, permissionsRequested: true };
    expect(decideGuard({ ...asked, locationPermission: 'checking' })).toBe('loading');
    expect(decideGuard({ ...asked, locationPermission: 'granted' })).toBe('content');
    expect(decideGuard({ ...asked, locationPermission: 'prompt' })).toBe('permission');
    expect(decideGuard({ ...asked, locationPermission: 'denied' })).toBe('permission');
    // No Permissions API: treated as not granted.
    expect(decideGuard({ ...asked, locationPermission: 'unsupported' })).toBe('permission');
  });

  it('shows the content once the screen was answered in this visit', () => {
    expect(decideGuard({ ...base, isMobile: true, permissionScreenDone: true })).toBe('content');
    expect(
      decideGuard({ ...base, isMobile: true, permissionsRequested: true, locationPermission: 'denied', permissionScreenDone: true }),
    ).toBe('content');
  });
});
