// useGpsSample: a view that costs much to redraw (the map) takes the GPS at most once per
// interval, and always ends on the newest position.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { GpsController } from './gpsController';
import type { GpsView } from './gpsState';
import { GpsControllerContext, SAMPLE_SLACK_MS, useGpsSample } from './useGps';

/** A controller that publishes the latitudes it is given, as the real one does per frame. */
function publisher() {
  const listeners = new Set<() => void>();
  let view = { latitude: 0 } as GpsView;
  const controller = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => view,
  } as unknown as GpsController;
  const publish = (latitude: number) => {
    view = { ...view, latitude };
    for (const listener of listeners) listener();
  };
  return { controller, publish, listeners };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('takes a 20 Hz stream at most once a second and ends on the newest fix', () => {
  const { controller, publish, listeners } = publisher();
  const seen: (number | null)[] = [];
  function Probe() {
    seen.push(useGpsSample(1000).latitude);
    return null;
  }
  const { unmount } = render(
    <GpsControllerContext.Provider value={controller}>
      <Probe />
    </GpsControllerContext.Provider>,
  );
  const before = seen.length;
  // Two seconds of a 20 Hz receiver.
  for (let i = 1; i <= 40; i += 1) {
    act(() => {
      publish(i);
      vi.advanceTimersByTime(50);
    });
  }
  act(() => void vi.advanceTimersByTime(1000));
  const renders = seen.slice(before);
  // 40 fixes in 2 s: one sample per second (plus the trailing one), never one per fix.
  expect(renders.length).toBeGreaterThanOrEqual(2);
  expect(renders.length).toBeLessThanOrEqual(3);
  expect(seen.at(-1)).toBe(40);
  unmount();
  expect(listeners.size).toBe(0);
});

it('a sample nearly due is taken with the notification itself, in the same render as the other GPS views', () => {
  const { controller, publish } = publisher();
  const seen: (number | null)[] = [];
  function Probe() {
    seen.push(useGpsSample(1000).latitude);
    return null;
  }
  render(
    <GpsControllerContext.Provider value={controller}>
      <Probe />
    </GpsControllerContext.Provider>,
  );
  // Half an interval in: too early, the fix waits for its timer.
  act(() => void vi.advanceTimersByTime(500));
  act(() => publish(1));
  expect(seen.at(-1)).toBe(0);
  // Within SAMPLE_SLACK_MS of the interval's end: taken at once, no timer needed.
  act(() => void vi.advanceTimersByTime(1000 - 500 - SAMPLE_SLACK_MS));
  expect(seen.at(-1)).toBe(0);
  act(() => publish(2));
  expect(seen.at(-1)).toBe(2);
});
