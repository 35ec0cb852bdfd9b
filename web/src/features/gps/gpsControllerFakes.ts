// The fakes the GPS controller's tests share: a parser engine, a serial port, fixes, a
// geolocation, and the controller built on them with a fake clock's timers.
import { afterEach, beforeEach, vi } from 'vitest';
import type { NmeaEngine, NmeaFix, NmeaHandlers, PortInfo } from '../../core/gps';
import type { GeolocationLike } from '../../services/geolocation/geolocation';
import type { SerialPortLike } from '../../services/serial/webSerial';
import { classifyReadError } from '../../services/serial/webSerial';
import { GpsController } from './gpsController';

export class FakeEngine implements NmeaEngine {
  handlers!: NmeaHandlers;
  pushed: Uint8Array[] = [];
  finished = 0;
  ends: [number, { name: string; message: string } | null][] = [];
  push(bytes: Uint8Array) {
    this.pushed.push(bytes);
  }
  finish() {
    this.finished += 1;
  }
  endStream(readId: number, error: { name: string; message: string } | null) {
    this.ends.push([readId, error]);
  }
  reset() {}
  /** Whether the worker can open the port (false: it has no Web Serial, as in most tests). */
  workerOpens = false;
  serialOpens: [number, PortInfo, number][] = [];
  serialReads: number[] = [];
  /** The open id of each close the controller asked the worker for. */
  serialCloses: number[] = [];
  /** When set, the worker's open answers only once this resolves. */
  openGate: Promise<void> | null = null;
  async openSerial(readId: number, info: PortInfo, baudRate: number) {
    this.serialOpens.push([readId, info, baudRate]);
    await this.openGate;
    return this.workerOpens;
  }
  readSerial(readId: number) {
    this.serialReads.push(readId);
  }
  /** When set, a close answers only once this resolves. */
  closeGate: Promise<void> | null = null;
  async closeSerial(openId: number) {
    // As the real engine: once terminated it asks its (ended) worker nothing.
    if (this.terminated) return;
    this.serialCloses.push(openId);
    await this.closeGate;
  }
  terminated = false;
  terminate() {
    this.terminated = true;
  }
}

export class FakePort extends EventTarget implements SerialPortLike {
  opened: number[] = [];
  closed = 0;
  streams = 0;
  private stream: ReadableStream<Uint8Array> | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  /** When set, an open completes only once this resolves. */
  openGate: Promise<void> | null = null;
  /** As Web Serial: a port is opened once until it is closed (and a close takes a task). */
  isOpen = false;
  async open({ baudRate }: { baudRate: number }) {
    if (this.isOpen) throw new DOMException('The port is already open.', 'InvalidStateError');
    this.isOpen = true;
    this.opened.push(baudRate);
    await this.openGate;
  }
  /** As Web Serial does: a port opened again gives a fresh `readable`. */
  async close() {
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.closed += 1;
    this.isOpen = false;
    this.stream = null;
  }
  get readable() {
    if (!this.stream) {
      this.streams += 1;
      this.stream = new ReadableStream<Uint8Array>({ start: (c) => (this.controller = c) });
    }
    return this.stream;
  }
  /** The receiver sends these bytes, as the driver delivers them. */
  send(...chunks: Uint8Array[]) {
    for (const chunk of chunks) this.controller?.enqueue(chunk);
  }
  /** The current stream ends (done). */
  end() {
    this.controller?.close();
  }
  /** The current stream fails, as Web Serial's does. */
  fail(error: DOMException) {
    this.controller?.error(error);
  }
  /** As Web Serial does after a read error: the next `readable` is a fresh stream. */
  errored() {
    this.stream = null;
  }
}

export const FIX: NmeaFix = {
  timeMs: (6 * 3600 + 1) * 1000 + 500,
  date: '2026-06-01',
  latitude: 45.5017,
  longitude: -73.5673,
  altitude: 35,
  speedKmh: 50,
  course: 40,
  satellites: 11,
  fixQuality: 'GPS Fix',
  hdop: 0.8,
  fixType: '3D',
  pdop: 1.6,
  vdop: 1.3,
  satsInView: 15,
  snrMean: 42.5,
  snrMax: 50,
  errLatM: 0.69,
  errLonM: 0.47,
  errAltM: 1.1,
};

/** A receiver that talks but has no fix yet: nothing known but its time. */
export const SEARCHING: NmeaFix = {
  timeMs: 6 * 3600 * 1000,
  date: null,
  latitude: null,
  longitude: null,
  altitude: null,
  speedKmh: null,
  course: null,
  satellites: 0,
  fixQuality: 'No Fix',
  hdop: null,
  fixType: 'none',
  pdop: null,
  vdop: null,
  satsInView: 9,
  snrMean: null,
  snrMax: null,
  errLatM: null,
  errLonM: null,
  errAltM: null,
};

export const NO_COUNTS = { badChecksum: 0, notNmea: 0 };

/** A geolocation that answers every request with one position and counts the requests. */
export function fakeGeolocation() {
  const calls = { current: 0, watches: 0, cleared: 0 };
  const geolocation: GeolocationLike = {
    getCurrentPosition: (success) => {
      calls.current += 1;
      success({
        timestamp: Date.UTC(2026, 5, 1, 6, 0, 0),
        coords: { latitude: 45.5, longitude: -73.6, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
      } as GeolocationPosition);
    },
    watchPosition: () => ++calls.watches,
    clearWatch: () => (calls.cleared += 1),
  };
  return { geolocation, calls };
}

export function setup({ failsafe = false, geolocation = null as GeolocationLike | null } = {}) {
  // The first parser, and every one started again after a failure (`engines`, in order).
  const engine = new FakeEngine();
  const engines: FakeEngine[] = [];
  const port = new FakePort();
  const frames: (() => void)[] = [];
  const saved: Record<string, unknown> = {};
  /** While set, the port picker stays open (the surveyor has not chosen yet). */
  let picker: Promise<void> | null = null;
  const controller = new GpsController({
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    scheduleFrame: (fn) => frames.push(fn),
    geolocation,
    serial: {
      supported: true,
      request: async () => {
        await picker;
        return port;
      },
      open: (p, baudRate) => p.open({ baudRate }),
      close: (p) => p.close(),
      classify: classifyReadError,
    },
    createEngine: (handlers) => {
      const next = engines.length === 0 ? engine : new FakeEngine();
      next.handlers = handlers;
      engines.push(next);
      return next;
    },
    settings: {
      failsafeEnabled: failsafe,
      baudRate: 4800,
      saveFailsafeEnabled: (v) => (saved.failsafe = v),
      saveBaudRate: (v) => (saved.baud = v),
    },
  });
  const frame = () => frames.splice(0).forEach((fn) => fn());
  /** Keeps the next port picker open; the returned function chooses the port. */
  const holdPicker = () => {
    let choose = () => {};
    picker = new Promise<void>((resolve) => (choose = resolve));
    return () => {
      picker = null;
      choose();
    };
  };
  return { controller, engine, engines, port, frames, frame, saved, holdPicker };
}

/** Fake timers for every test of the file, the clock at 2026-06-01 06:00:02 UTC. */
export function withFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 5, 1, 6, 0, 2));
  });
  afterEach(() => vi.useRealTimers());
}
