// SPEC §4 "GPS source": which receiver feeds the position — the serial NMEA receiver, the
// browser's location (the failsafe), or none. Pure: the clock, the timers and the
// geolocation are injected, so every transition is unit-tested with fake timers.
//
//   none/browser ──serial NMEA data──▶ serial         (browser tracking is stopped)
//   none/serial ──check: serial absent or stale, failsafe on──▶ browser
//   browser ──stopped (user, failsafe off, denied, 3 watch errors)──▶ none
//
// "Serial data" is what SPEC §4 says: NMEA data arriving, i.e. valid sentences (framed, the
// checksum right or absent), whether or not they hold a position. A receiver that talks
// without a fix is the source and stays fresh; the panel says 'No GPS fix'. Line noise and
// bad checksums (a wrong baud rate) are not data, so they never hold off the failsafe.
import {
  FIRST_FIX_OPTIONS,
  PERMISSION_DENIED,
  POSITION_UNAVAILABLE,
  TIMEOUT,
  WATCH_OPTIONS,
  type GeolocationLike,
} from '../../services/geolocation/geolocation';

/** SPEC §9: the serial check runs every 5000 ms; serial is stale after 10000 ms without data. */
export const SERIAL_CHECK_INTERVAL_MS = 5_000;
export const SERIAL_TIMEOUT_MS = 10_000;
/** SPEC §4/§9: after this many consecutive watch errors, browser tracking stops. */
export const MAX_CONSECUTIVE_WATCH_ERRORS = 3;

export type GpsSource = 'none' | 'serial' | 'browser';

/** Browser location tracking, as the panel explains it. */
export type BrowserTracking =
  | { kind: 'off' }
  | { kind: 'locating' }
  | { kind: 'watching'; errors: number; lastError: 'timeout' | 'unavailable' | null }
  | { kind: 'stopped'; reason: 'permission-denied' | 'errors' | 'unsupported' };

/** A position from the browser, in the units of the GPS state (SPEC §3). */
export interface BrowserFix {
  latitude: number;
  longitude: number;
  altitude: number | null;
  speedKmh: number | null;
  course: number | null;
  /** SPEC §3: accuracy (m) / 5. */
  hdop: number;
  /** ms since the epoch, from the position's timestamp. */
  timestamp: number;
}

export interface SourceMachineDeps {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  geolocation: GeolocationLike | null;
  failsafeEnabled: boolean;
  onSource(source: GpsSource): void;
  onTracking(tracking: BrowserTracking): void;
  onBrowserFix(fix: BrowserFix): void;
  /** SPEC §4: error code 2 (position unavailable) sets the fix to No Fix. */
  onBrowserNoFix(): void;
}

export function browserFixFrom(position: GeolocationPosition): BrowserFix {
  const { coords } = position;
  return {
    latitude: coords.latitude,
    longitude: coords.longitude,
    altitude: coords.altitude,
    speedKmh: coords.speed === null || Number.isNaN(coords.speed) ? null : coords.speed * 3.6,
    course: coords.heading === null || Number.isNaN(coords.heading) ? null : coords.heading,
    hdop: coords.accuracy / 5,
    timestamp: position.timestamp,
  };
}

export class SourceMachine {
  private sourceNow: GpsSource = 'none';
  private trackingNow: BrowserTracking = { kind: 'off' };
  private lastSerialAt: number | null = null;
  private failsafe: boolean;
  private interval: unknown = null;
  private watchId: number | null = null;
  /** Bumped whenever browser tracking stops: answers to an older request are ignored. */
  private generation = 0;
  private readonly deps: SourceMachineDeps;

  constructor(deps: SourceMachineDeps) {
    this.deps = deps;
    this.failsafe = deps.failsafeEnabled;
  }

  get source(): GpsSource {
    return this.sourceNow;
  }

  get tracking(): BrowserTracking {
    return this.trackingNow;
  }

  get failsafeEnabled(): boolean {
    return this.failsafe;
  }

  /** Runs the check now and then every SERIAL_CHECK_INTERVAL_MS. */
  start(): void {
    if (this.interval !== null) return;
    this.interval = this.deps.setInterval(() => this.check(), SERIAL_CHECK_INTERVAL_MS);
    this.check();
  }

  dispose(): void {
    if (this.interval !== null) this.deps.clearInterval(this.interval);
    this.interval = null;
    this.endBrowser({ kind: 'off' });
  }

  /** Valid NMEA sentences arrived from the serial receiver (with or without a position). */
  serialData(): void {
    this.lastSerialAt = this.deps.now();
    if (this.trackingNow.kind === 'locating' || this.trackingNow.kind === 'watching') this.endBrowser({ kind: 'off' });
    this.setSource('serial');
  }

  /** Whether serial data arrived within SERIAL_TIMEOUT_MS. */
  serialFresh(): boolean {
    return this.lastSerialAt !== null && this.deps.now() - this.lastSerialAt <= SERIAL_TIMEOUT_MS;
  }

  setFailsafe(enabled: boolean): void {
    if (enabled === this.failsafe) return;
    this.failsafe = enabled;
    if (enabled) {
      // Switching it on again is also how a stopped failsafe is retried.
      if (this.trackingNow.kind === 'stopped') this.setTracking({ kind: 'off' });
      this.check();
    } else {
      this.stopBrowser();
    }
  }

  /** Tries browser location again after it stopped (denied, errors). */
  retryBrowser(): void {
    if (this.trackingNow.kind === 'stopped') this.setTracking({ kind: 'off' });
    this.check();
  }

  /** Stops browser tracking; the source returns to none if the browser was feeding it. */
  stopBrowser(): void {
    this.endBrowser({ kind: 'off' });
  }

  /** The periodic check (SPEC §4): switches to the browser when serial is absent or stale. */
  check(): void {
    if (this.serialFresh()) return;
    if (!this.failsafe || this.trackingNow.kind !== 'off') return;
    this.startBrowser();
  }

  private startBrowser(): void {
    const geolocation = this.deps.geolocation;
    if (!geolocation) {
      this.setTracking({ kind: 'stopped', reason: 'unsupported' });
      return;
    }
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.setTracking({ kind: 'locating' });
    this.setSource('browser');
    geolocation.getCurrentPosition(
      (position) => {
        if (!current()) return;
        this.deps.onBrowserFix(browserFixFrom(position));
        this.startWatch(geolocation, generation);
      },
      (error) => {
        if (!current()) return;
        if (error.code === PERMISSION_DENIED) {
          this.endBrowser({ kind: 'stopped', reason: 'permission-denied' });
          return;
        }
        if (error.code === POSITION_UNAVAILABLE) this.deps.onBrowserNoFix();
        this.startWatch(geolocation, generation);
      },
      { ...FIRST_FIX_OPTIONS },
    );
  }

  private startWatch(geolocation: GeolocationLike, generation: number): void {
    let errors = 0;
    this.setTracking({ kind: 'watching', errors, lastError: null });
    this.watchId = geolocation.watchPosition(
      (position) => {
        if (generation !== this.generation) return;
        errors = 0;
        if (this.trackingNow.kind === 'watching' && this.trackingNow.errors !== 0) {
          this.setTracking({ kind: 'watching', errors, lastError: null });
        }
        this.deps.onBrowserFix(browserFixFrom(position));
      },
      (error) => {
        if (generation !== this.generation) return;
        if (error.code === PERMISSION_DENIED) {
          this.endBrowser({ kind: 'stopped', reason: 'permission-denied' });
          return;
        }
        errors += 1;
        if (error.code === POSITION_UNAVAILABLE) this.deps.onBrowserNoFix();
        if (errors >= MAX_CONSECUTIVE_WATCH_ERRORS) {
          this.endBrowser({ kind: 'stopped', reason: 'errors' });
          return;
        }
        this.setTracking({ kind: 'watching', errors, lastError: error.code === TIMEOUT ? 'timeout' : 'unavailable' });
      },
      { ...WATCH_OPTIONS },
    );
  }

  private endBrowser(next: BrowserTracking): void {
    const wasTracking = this.trackingNow.kind === 'locating' || this.trackingNow.kind === 'watching';
    this.generation += 1;
    if (this.watchId !== null) this.deps.geolocation?.clearWatch(this.watchId);
    this.watchId = null;
    if (wasTracking || next.kind === 'stopped') this.setTracking(next);
    if (this.sourceNow === 'browser') this.setSource('none');
  }

  private setSource(source: GpsSource): void {
    if (source === this.sourceNow) return;
    this.sourceNow = source;
    this.deps.onSource(source);
  }

  private setTracking(tracking: BrowserTracking): void {
    this.trackingNow = tracking;
    this.deps.onTracking(tracking);
  }
}
