// The GET URLs of the two routing services (SPEC §7), written out by hand from the
// services' documentation, and the refusal of settings that are not http(s) URLs.
import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions';
import { RoutingServiceError } from './http';
import { osrmRouteUrl } from './osrm';

const origin = { lat: 43.7311, lng: 7.4197 };
const destination = { lat: 43.7402, lng: 7.4262 };

describe('directionsUrl', () => {
  it('origin, destination, optimize:true|waypoints and the key (encoded)', () => {
    const url = directionsUrl({
      baseUrl: 'https://proxy.example.org/directions',
      key: 'abc',
      origin,
      destination,
      waypoints: [{ lat: 43.7365, lng: 7.4215 }],
    });
    expect(url).toBe(
      'https://proxy.example.org/directions?origin=43.7311%2C7.4197&destination=43.7402%2C7.4262' +
        '&waypoints=optimize%3Atrue%7C43.7365%2C7.4215&key=abc',
    );
  });

  it('no waypoints and no key: neither parameter; the proxy’s own query is kept', () => {
    const url = directionsUrl({ baseUrl: 'https://proxy.example.org/d?region=mc', key: '', origin, destination, waypoints: [] });
    expect(url).toBe('https://proxy.example.org/d?region=mc&origin=43.7311%2C7.4197&destination=43.7402%2C7.4262');
  });

  it('a setting that is not an http(s) URL is a clear error', () => {
    const build = (baseUrl: string) => () => directionsUrl({ baseUrl, key: '', origin, destination, waypoints: [] });
    expect(build('maps.example/directions')).toThrow(
      new RoutingServiceError('invalid-url', "'Directions service URL' is not a valid URL: 'maps.example/directions'"),
    );
    expect(build('ftp://maps.example/d')).toThrow(/must start with http:\/\/ or https:\/\//);
  });
});

describe('osrmRouteUrl', () => {
  it('/route/v1/driving/{lng,lat;…} with the four SPEC options', () => {
    expect(osrmRouteUrl('https://router.project-osrm.org', [origin, { lat: 43.7365, lng: 7.4215 }, destination])).toBe(
      'https://router.project-osrm.org/route/v1/driving/7.4197,43.7311;7.4215,43.7365;7.4262,43.7402' +
        '?overview=full&geometries=geojson&steps=true&annotations=true',
    );
  });

  it('a base under a path (with or without a trailing slash) keeps the path', () => {
    const expected = 'http://10.0.0.5:5000/osrm/route/v1/driving/7.4197,43.7311;7.4262,43.7402?overview=full&geometries=geojson&steps=true&annotations=true';
    expect(osrmRouteUrl('http://10.0.0.5:5000/osrm/', [origin, destination])).toBe(expected);
    expect(osrmRouteUrl('http://10.0.0.5:5000/osrm', [origin, destination])).toBe(expected);
  });
});
