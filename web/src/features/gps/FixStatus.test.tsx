// The workspace's fix-quality badge: the word and the state it shows for each GPS state.
import { describe, expect, it } from 'vitest';
import { fixLevel } from './FixStatus';
import { NO_FIX_WARNING, STALE_FIX_WARNING } from './freshness';

describe('fixLevel', () => {
  it('no fix and stale come before the fix quality; DGPS is the best state', () => {
    expect(fixLevel(NO_FIX_WARNING, 'No Fix')).toBe('none');
    expect(fixLevel(NO_FIX_WARNING, 'GPS Fix')).toBe('none');
    expect(fixLevel(STALE_FIX_WARNING, 'DGPS Fix')).toBe('stale');
    expect(fixLevel(null, 'GPS Fix')).toBe('gps');
    expect(fixLevel(null, 'DGPS Fix')).toBe('dgps');
  });
});
