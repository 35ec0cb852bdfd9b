import { beforeEach, describe, expect, it } from 'vitest';
import { lastPosition, rememberPosition, resetRememberClock } from './lastPosition';

describe('the last position the map showed', () => {
  beforeEach(() => {
    localStorage.clear();
    resetRememberClock();
  });

  it('is none until a position was shown', () => {
    expect(lastPosition()).toBeNull();
  });

  it('comes back as it was kept, [longitude, latitude], to 4 decimals (about 11 m)', () => {
    rememberPosition([7.421349, -43.735151], 1_000);
    expect(lastPosition()).toEqual([7.4213, -43.7352]);
  });

  it('is kept at most once every 10 s, then the newest again', () => {
    rememberPosition([7.42, 43.73], 1_000);
    rememberPosition([7.5, 43.8], 1_000 + 9_999);
    expect(lastPosition()).toEqual([7.42, 43.73]);
    rememberPosition([7.6, 43.9], 1_000 + 10_000);
    expect(lastPosition()).toEqual([7.6, 43.9]);
  });

  it.each([
    ['not JSON', '{lng: 7'],
    ['no numbers', '{"lng":"7.4","lat":"43.7"}'],
    ['a latitude beyond the pole', '{"lng":7.4,"lat":91}'],
    ['a longitude beyond ±180', '{"lng":-181,"lat":43.7}'],
    ['null', 'null'],
    ['a number', '42'],
  ])('unreadable (%s) is none, never an error', (_, text) => {
    localStorage.setItem('map_last_position', text);
    expect(lastPosition()).toBeNull();
  });
});
