// 'Calculate route' against real services (issue 12 point 10): a real osrm-routed on the
// Monaco road graph (scripts/ensure-tools.sh osrm), and a replay of the maps directions
// service on 127.0.0.1 answering synthesised bodies in the documented shape (the OK one
// carries the real OSRM route, encoded at 1e5). The polyline is decoded by the real core
// (the wasm package built by scripts/build-wasm.sh). Each SPEC §4 fallback is walked with
// its SPEC §8 toasts; geometry and steps are checked against osrm-routed's own answer,
// fetched here by the test with the documented query, not against the code under test.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSync } from '../src/core/pkg/clearway_wasm.js';
import { calculateRoute, RouteInputError, type CalculatedRoute, type LatLng, type RoutingSettings } from '../src/features/routes';
import { synthesisedOkAnswer, SYNTHESISED_DENIED_ANSWER, type OsrmAnswer } from './fixtures/directions.synthesised';
import { startDirectionsReplay, type DirectionsReplay } from './support/directionsReplay';
import { manualTimer } from './support/manualTimer';
import { startOsrm, type OsrmServer } from './support/osrm';

// Monaco: Fontvieille → Port Hercule → Monte-Carlo, two waypoints between.
const origin: LatLng = { lat: 43.7311, lng: 7.4197 };
const waypoints: LatLng[] = [
  { lat: 43.7365, lng: 7.4215 },
  { lat: 43.7384, lng: 7.4246 },
];
const destination: LatLng = { lat: 43.7402, lng: 7.4262 };
// On La Provençale, a road island cut off for cars (the graph keeps islands routable).
const island: LatLng = { lat: 43.75163, lng: 7.406477 };

const CALCULATING = 'Calculating route along roads...';
const DIRECTIONS_OK = 'Route calculated successfully';
const OSRM_OK = 'Route calculated successfully using OSRM';
const FALLING_BACK = 'Falling back to straight lines between points';
const ROADS_FAILED = 'Could not calculate route along roads. Using straight lines instead.';

let osrm: OsrmServer;
let replay: DirectionsReplay;
/** osrm-routed's own answer for origin → waypoints → destination. */
let real: OsrmAnswer;

/** What osrm-routed answers for the points, asked with SPEC §7's documented query. */
async function askOsrm(points: LatLng[]): Promise<{ status: number; body: OsrmAnswer }> {
  const coordinates = points.map((p) => `${p.lng},${p.lat}`).join(';');
  const response = await fetch(`${osrm.url}/route/v1/driving/${coordinates}?overview=full&geometries=geojson&steps=true&annotations=true`);
  return { status: response.status, body: (await response.json()) as OsrmAnswer };
}

const settings = (over: Partial<RoutingSettings> = {}): RoutingSettings => ({
  osrmServiceUrl: osrm.url,
  directionsServiceUrl: replay.url,
  directionsApiKey: 'key-from-the-setting',
  ...over,
});

/** Runs calculateRoute, also collecting the toasts as they are shown. */
async function calculate(s: RoutingSettings, options: Parameters<typeof calculateRoute>[2] = {}, stops = waypoints, end = destination) {
  const shown: string[] = [];
  const result = await calculateRoute({ origin, waypoints: stops, destination: end }, s, {
    online: true,
    ...options,
    onToast: (t) => shown.push(t.title),
  });
  expect(result.toasts.map((t) => t.title)).toEqual(shown);
  return { result, shown };
}

function expectOsrmRoute(result: CalculatedRoute) {
  const route = real.routes[0];
  expect(result.source).toBe('osrm');
  expect(result.geometry).toEqual(route.geometry.coordinates.map(([lng, lat]) => ({ lat, lng })));
  const steps = route.legs.flatMap((leg, index) => leg.steps.map((step) => ({ leg: index, step })));
  expect(steps.length).toBeGreaterThan(3);
  expect(result.steps).toHaveLength(steps.length);
  result.steps.forEach((got, i) => {
    const { leg, step } = steps[i];
    expect(got.leg).toBe(leg);
    expect(got.maneuver.type).toBe(step.maneuver.type);
    expect(got.maneuver.modifier).toBe(step.maneuver.modifier);
    expect(got.maneuver.location).toEqual({ lat: step.maneuver.location[1], lng: step.maneuver.location[0] });
    expect(got.name).toBe(step.name);
    expect(got.distanceM).toBe(step.distance);
    expect(got.durationS).toBe(step.duration);
    expect(got.geometry).toEqual(step.geometry.coordinates.map(([lng, lat]) => ({ lat, lng })));
  });
  expect(result.waypointOrder).toEqual([0, 1]);
}

function expectStraightLines(result: CalculatedRoute, points: LatLng[]) {
  expect(result.source).toBe('straight-lines');
  expect(result.geometry).toEqual(points);
  expect(result.steps).toEqual([]);
}

beforeAll(async () => {
  initSync({ module: readFileSync(new URL('../src/core/pkg/clearway_wasm_bg.wasm', import.meta.url)) });
  [osrm, replay] = await Promise.all([startOsrm(), startDirectionsReplay()]);
  const answer = await askOsrm([origin, ...waypoints, destination]);
  expect(answer.body.code).toBe('Ok');
  real = answer.body;
}, 300_000);

afterAll(async () => {
  await Promise.all([osrm?.stop(), replay?.close()]);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the maps directions service answers OK', () => {
  it('gives its route, decoded by the core at 1e5, with the SPEC toasts', async () => {
    replay.answer = { kind: 'json', status: 200, body: synthesisedOkAnswer(real, [0, 1]) };
    const before = replay.requests.length;
    const { result, shown } = await calculate(settings());
    expect(shown).toEqual([CALCULATING, DIRECTIONS_OK]);
    expect(result.source).toBe('directions');
    expect(result.fallbacks).toEqual([]);
    // The replay encoded the real OSRM line with @googlemaps/polyline-codec; the core's
    // decoding gives it back to the 5th decimal.
    const line = real.routes[0].geometry.coordinates;
    expect(result.geometry).toHaveLength(line.length);
    result.geometry.forEach((p, i) => {
      expect(Math.abs(p.lat - line[i][1])).toBeLessThanOrEqual(0.5e-5 + 1e-12);
      expect(Math.abs(p.lng - line[i][0])).toBeLessThanOrEqual(0.5e-5 + 1e-12);
    });
    // One GET with the documented query; the waypoints in the surveyor's order.
    expect(replay.requests.length).toBe(before + 1);
    const query = replay.requests[before].searchParams;
    expect(query.get('origin')).toBe('43.7311,7.4197');
    expect(query.get('destination')).toBe('43.7402,7.4262');
    expect(query.get('waypoints')).toBe('optimize:true|43.7365,7.4215|43.7384,7.4246');
    expect(query.get('key')).toBe('key-from-the-setting');
  });

  it('keeps the waypoint order the service chose', async () => {
    replay.answer = { kind: 'json', status: 200, body: synthesisedOkAnswer(real, [1, 0]) };
    const { result } = await calculate(settings());
    expect(result.waypointOrder).toEqual([1, 0]);
  });

  it('sends the build-time key when the setting is empty, and no key when there is neither', async () => {
    replay.answer = { kind: 'json', status: 200, body: synthesisedOkAnswer(real, [0, 1]) };
    vi.stubEnv('VITE_DIRECTIONS_API_KEY', 'key-from-the-build');
    await calculate(settings({ directionsApiKey: '' }));
    expect(replay.requests.at(-1)?.searchParams.get('key')).toBe('key-from-the-build');
    await calculate(settings({ directionsApiKey: 'own-key' }));
    expect(replay.requests.at(-1)?.searchParams.get('key')).toBe('own-key');
    vi.stubEnv('VITE_DIRECTIONS_API_KEY', '');
    await calculate(settings({ directionsApiKey: '' }));
    expect(replay.requests.at(-1)?.searchParams.has('key')).toBe(false);
  });
});

describe('the directions service fails → the real OSRM', () => {
  it('REQUEST_DENIED', async () => {
    replay.answer = { kind: 'json', status: 200, body: SYNTHESISED_DENIED_ANSWER };
    const { result, shown } = await calculate(settings());
    expect(shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(result);
    expect(result.fallbacks).toEqual([
      { source: 'directions', code: 'refused', message: 'Directions service answered REQUEST_DENIED: The provided API key is invalid. (synthesised)' },
    ]);
  });

  it('HTTP 500', async () => {
    replay.answer = { kind: 'http-500' };
    const { result, shown } = await calculate(settings());
    expect(shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(result);
    expect(result.fallbacks).toEqual([{ source: 'directions', code: 'http', message: 'Directions service answered HTTP 500' }]);
  });

  it('no answer: given up after exactly 15 s (a hand-moved clock, no real wait)', async () => {
    replay.answer = { kind: 'hang' };
    const timer = manualTimer();
    const before = replay.requests.length;
    let settled = false;
    const running = calculate(settings(), { timer }).finally(() => {
      settled = true;
    });
    await replay.received(before + 1);
    timer.advance(14_999);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    timer.advance(1);
    const { result, shown } = await running;
    expect(shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(result);
    expect(result.fallbacks).toEqual([{ source: 'directions', code: 'timeout', message: 'Directions service did not answer within 15 s' }]);
    expect(timer.pending).toBe(0); // OSRM's own limit was cleared when it answered
  });

  it('OK without a route, or with a polyline the core cannot decode', async () => {
    replay.answer = { kind: 'json', status: 200, body: { ...synthesisedOkAnswer(real, [0, 1]), routes: [] } };
    const empty = await calculate(settings());
    expect(empty.shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(empty.result);
    expect(empty.result.fallbacks.map((f) => f.code)).toEqual(['invalid-response']);
    const broken = synthesisedOkAnswer(real, [0, 1]);
    broken.routes[0].overview_polyline.points = '_p~iF~ps|U_ulLnnqC_mqNvxq`'; // cut off mid-number
    replay.answer = { kind: 'json', status: 200, body: broken };
    const bad = await calculate(settings());
    expect(bad.shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(bad.result);
    expect(bad.result.fallbacks.map((f) => [f.source, f.code])).toEqual([['directions', 'invalid-polyline']]);
  });

  it('a setting that is not a URL', async () => {
    const { result, shown } = await calculate(settings({ directionsServiceUrl: 'maps.example/directions' }));
    expect(shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(result);
    expect(result.fallbacks.map((f) => f.code)).toEqual(['invalid-url']);
  });

  it('no directions URL: OSRM is asked first', async () => {
    const before = replay.requests.length;
    const { result, shown } = await calculate(settings({ directionsServiceUrl: '' }));
    expect(shown).toEqual([CALCULATING, OSRM_OK]);
    expectOsrmRoute(result);
    expect(result.fallbacks).toEqual([]);
    expect(replay.requests.length).toBe(before);
  });

  it('passes the waypoints in order: the line reaches each snapped point in turn', async () => {
    replay.answer = { kind: 'http-500' };
    const { result } = await calculate(settings());
    const nearest = real.waypoints.map(({ location: [lng, lat] }) => {
      let best = 0;
      result.geometry.forEach((p, i) => {
        const d = Math.hypot(p.lat - lat, p.lng - lng);
        if (d < Math.hypot(result.geometry[best].lat - lat, result.geometry[best].lng - lng)) best = i;
      });
      expect(Math.hypot(result.geometry[best].lat - lat, result.geometry[best].lng - lng)).toBeLessThan(1e-4);
      return best;
    });
    expect(nearest[0]).toBe(0);
    expect(nearest.at(-1)).toBe(result.geometry.length - 1);
    for (let i = 1; i < nearest.length; i++) expect(nearest[i]).toBeGreaterThan(nearest[i - 1]);
    expect(new Set(result.steps.map((s) => s.leg))).toEqual(new Set([0, 1, 2]));
  });
});

describe('OSRM fails too → straight lines', () => {
  it('OSRM answers NoRoute (a real one, to a road island)', async () => {
    const raw = await askOsrm([origin, island]);
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe('NoRoute');
    replay.answer = { kind: 'json', status: 200, body: SYNTHESISED_DENIED_ANSWER };
    const { result, shown } = await calculate(settings(), {}, [], island);
    expect(shown).toEqual([CALCULATING, ROADS_FAILED]);
    expectStraightLines(result, [origin, island]);
    expect(result.fallbacks.map((f) => [f.source, f.code])).toEqual([
      ['directions', 'refused'],
      ['osrm', 'refused'],
    ]);
    expect(result.fallbacks[1].message).toBe('OSRM answered NoRoute: Impossible route between points');
  });

  it('OSRM is down (a real osrm-routed, stopped)', async () => {
    const gone = await startOsrm();
    const alive = await fetch(`${gone.url}/route/v1/driving/7.4197,43.7311;7.4262,43.7402`);
    expect(alive.status).toBe(200);
    await gone.stop();
    const { result, shown } = await calculate(settings({ directionsServiceUrl: '', osrmServiceUrl: gone.url }));
    expect(shown).toEqual([CALCULATING, ROADS_FAILED]);
    expectStraightLines(result, [origin, ...waypoints, destination]);
    expect(result.fallbacks).toHaveLength(1);
    expect(result.fallbacks[0]).toMatchObject({ source: 'osrm', code: 'network' });
    expect(result.fallbacks[0].message).toMatch(/^OSRM could not be reached/);
  });

  it('offline: no service is asked, and the toast says straight lines', async () => {
    const before = replay.requests.length;
    const { result, shown } = await calculate(settings(), { online: false });
    expect(shown).toEqual([FALLING_BACK]);
    expectStraightLines(result, [origin, ...waypoints, destination]);
    expect(result.fallbacks).toEqual([]);
    expect(replay.requests.length).toBe(before);
  });

  it('both URLs cleared: straight lines, nothing asked', async () => {
    const { result, shown } = await calculate(settings({ directionsServiceUrl: '', osrmServiceUrl: '' }));
    expect(shown).toEqual([FALLING_BACK]);
    expectStraightLines(result, [origin, ...waypoints, destination]);
  });
});

describe('bad input', () => {
  it('a point that is not a position is refused before any request', async () => {
    const before = replay.requests.length;
    await expect(calculate(settings(), {}, [{ lat: Number.NaN, lng: 7.42 }])).rejects.toThrow(
      new RouteInputError('Route point 1 has an invalid position'),
    );
    await expect(calculate(settings(), {}, [], { lat: 91, lng: 7.42 })).rejects.toBeInstanceOf(RouteInputError);
    expect(replay.requests.length).toBe(before);
  });
});
