import { describe, expect, it } from 'vitest';
import { clearSignedInUser, readBooleanFlag, readCurrentUserId, readLastSyncTime, writeBooleanFlag, writeCurrentUserId, writeLastSyncTime } from './flags';

describe('SPEC §3 local flags', () => {
  it('booleans are stored as true/false text; anything else reads as unset', () => {
    writeBooleanFlag('gps_permission_granted', false);
    expect(localStorage.getItem('gps_permission_granted')).toBe('false');
    expect(readBooleanFlag('gps_permission_granted')).toBe(false);
    localStorage.setItem('app_access', 'yes');
    expect(readBooleanFlag('app_access')).toBeNull();
  });

  it("sign-out removes current_user_id, lastSyncTime and the map's last position, and nothing else", () => {
    localStorage.setItem('app_access', 'true');
    localStorage.setItem('map_last_position', '{"lng":7.4213,"lat":43.7351}');
    writeCurrentUserId('uid-42');
    writeLastSyncTime(new Date('2024-05-01T08:00:00.000Z'));
    expect(readCurrentUserId()).toBe('uid-42');
    expect(readLastSyncTime()?.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    clearSignedInUser();
    expect(localStorage.getItem('current_user_id')).toBeNull();
    expect(localStorage.getItem('lastSyncTime')).toBeNull();
    expect(localStorage.getItem('map_last_position')).toBeNull();
    expect(localStorage.getItem('app_access')).toBe('true');
  });

  it('lastSyncTime also reads epoch milliseconds', () => {
    localStorage.setItem('lastSyncTime', '1714550400000');
    expect(readLastSyncTime()?.toISOString()).toBe('2024-05-01T08:00:00.000Z');
  });
});
