// 'Copy driving link' (SPEC §7 "Other"): expected URLs written out by hand from the Google
// Maps URLs documentation (Directions action: api=1, origin, destination, waypoints
// separated by '|', travelmode; values URL-encoded, ',' as %2C and '|' as %7C).
import { describe, expect, it } from 'vitest';
import { drivingLink } from './drivingLink';

describe('drivingLink', () => {
  it('origin, destination and two waypoints joined by |, travel mode driving', () => {
    const link = drivingLink({
      origin: { lat: 43.7311, lng: 7.4197 },
      waypoints: [
        { lat: 43.7365, lng: 7.4215 },
        { lat: 43.7384, lng: 7.4246 },
      ],
      destination: { lat: 43.7402, lng: 7.4262 },
    });
    expect(link).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=43.7311%2C7.4197&destination=43.7402%2C7.4262' +
        '&waypoints=43.7365%2C7.4215%7C43.7384%2C7.4246&travelmode=driving',
    );
  });

  it('no waypoints parameter when there are none; negative coordinates kept', () => {
    const link = drivingLink({ origin: { lat: -33.8688, lng: 151.2093 }, waypoints: [], destination: { lat: -34.9285, lng: 138.6007 } });
    expect(link).toBe('https://www.google.com/maps/dir/?api=1&origin=-33.8688%2C151.2093&destination=-34.9285%2C138.6007&travelmode=driving');
  });

  it('reads back, as a browser would, to the SPEC parameters', () => {
    const url = new URL(
      drivingLink({ origin: { lat: 1.5, lng: 2 }, waypoints: [{ lat: 3, lng: 4 }, { lat: 5, lng: 6 }, { lat: 7, lng: 8 }], destination: { lat: 9, lng: 10 } }),
    );
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api: '1',
      origin: '1.5,2',
      destination: '9,10',
      waypoints: '3,4|5,6|7,8',
      travelmode: 'driving',
    });
  });
});
