// A timer the test moves by hand, injected where the routing requests arm their 15 s limit:
// the timeout is reached by advancing this clock, never by waiting 15 real seconds. Only
// the requests' limits use it; everything else (sockets, osrm-routed) runs in real time.
import type { RequestTimer } from '../../src/services/routing';

export interface ManualTimer extends RequestTimer {
  /** Milliseconds advanced so far. */
  readonly now: number;
  /** Timers armed and not yet fired or cleared. */
  readonly pending: number;
  /** Moves the clock forward, firing every timer that falls due, in order. */
  advance(ms: number): void;
}

export function manualTimer(): ManualTimer {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; callback: () => void }>();
  return {
    get now() {
      return now;
    },
    get pending() {
      return due.size;
    },
    set(callback, ms) {
      const id = nextId++;
      due.set(id, { at: now + ms, callback });
      return id;
    },
    clear(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].callback();
      }
      now = until;
    },
  };
}
