import { describe, expect, it, vi } from 'vitest';
import type { GeolocationLike } from '../../services/geolocation/geolocation';
import { RENDER_INTERVAL_MS } from './gpsController';
import { type FakeEngine, FIX, NO_COUNTS, SEARCHING, fakeGeolocation, setup, withFakeClock } from './gpsControllerFakes';

withFakeClock();

describe('display rate', () => {
  it('many parser updates between two frames make one render, with the newest values', () => {
    const { controller, engine, frames, frame } = setup();
    controller.start();
    const renders = vi.fn();
    controller.subscribe(renders);
    for (let i = 0; i < 20; i++) {
      engine.handlers.onUpdate({
        fix: { ...FIX, latitude: 45 + i / 100 },
        counts: NO_COUNTS,
        newPositions: 1,
        newSentences: 7,
        raw: [`$GPGGA,${i}`],
      });
    }
    expect(frames).toHaveLength(1);
    expect(controller.getSnapshot().latitude).toBeNull(); // not rendered yet
    expect(controller.latest().latitude).toBeCloseTo(45.19);
    frame();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({
      latitude: 45.19,
      source: 'serial',
      rawNMEA: ['$GPGGA,19'],
      time: '2026-06-01 06:00:01.500',
      lastUpdate: Date.UTC(2026, 5, 1, 6, 0, 2),
    });
  });
});

describe('display rate: the receiver is shown at most once per RENDER_INTERVAL_MS', () => {
  const update = (engine: FakeEngine, latitude: number) =>
    engine.handlers.onUpdate({ fix: { ...FIX, latitude }, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });

  it('a snapshot every 100 ms (a 20 Hz receiver) is rendered once a second, always the newest; latest() is never held back', () => {
    const { controller, engine, frames, frame } = setup();
    const renders = vi.fn();
    controller.subscribe(renders);
    for (let i = 1; i <= 10; i++) {
      update(engine, 45 + i / 100);
      expect(controller.latest().latitude).toBeCloseTo(45 + i / 100);
      frame();
      vi.advanceTimersByTime(100);
    }
    frame();
    // 1 s of snapshots: shown at 0 and 1000 ms, never 10 times.
    expect(RENDER_INTERVAL_MS).toBe(1000);
    expect(renders).toHaveBeenCalledTimes(2);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(RENDER_INTERVAL_MS);
    frame();
    expect(controller.getSnapshot().latitude).toBeCloseTo(45.1); // the last one is shown in the end
  });

  it('a change made by the surveyor is shown on the next frame, with the data waiting', () => {
    const { controller, engine, frames, frame } = setup();
    update(engine, 45.01);
    frame();
    update(engine, 45.02);
    expect(frames).toHaveLength(0); // held back
    controller.setBaudRate(9600);
    frame();
    expect(controller.getSnapshot()).toMatchObject({ baudRate: 9600, latitude: 45.02 });
  });
});

describe('serial data (SPEC §4: NMEA data, not only positions)', () => {
  it('valid sentences without a position make serial the source; the view shows its No Fix, not the browser fix', () => {
    const { geolocation, calls } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    controller.start();
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', latitude: 45.5, fixQuality: 'GPS Fix' });

    engine.handlers.onUpdate({ fix: SEARCHING, counts: NO_COUNTS, newPositions: 0, newSentences: 4, raw: ['$GPGSV,1'] });
    frame();
    expect(controller.getSnapshot()).toMatchObject({
      source: 'serial',
      rawNMEA: ['$GPGSV,1'],
      latitude: null,
      longitude: null,
      fixQuality: 'No Fix',
      satellites: 0,
      lastUpdate: null,
      details: { fixType: 'none', satsInView: 9 },
    });
    expect(calls.cleared).toBe(1); // browser tracking stopped
  });

  it('a receiver that talks without a fix keeps serial fresh: the failsafe does not take over', () => {
    const { geolocation, calls } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    const talk = () => engine.handlers.onUpdate({ fix: SEARCHING, counts: NO_COUNTS, newPositions: 0, newSentences: 7, raw: null });
    talk();
    controller.start();
    for (let s = 0; s < 60; s += 2) {
      vi.advanceTimersByTime(2_000);
      talk();
    }
    frame();
    expect(calls.current).toBe(0);
    expect(controller.getSnapshot().source).toBe('serial');

    // Silent for more than 10000 ms: stale, and the next 5000 ms check starts the failsafe.
    vi.advanceTimersByTime(15_000);
    frame();
    expect(calls.current).toBe(1);
    expect(controller.getSnapshot().source).toBe('browser');
  });

  it('line noise and bad checksums alone (a wrong baud rate) are not data: the source stays none; the counts are kept', () => {
    const { controller, engine, frame } = setup();
    controller.start();
    engine.handlers.onUpdate({ fix: SEARCHING, counts: { badChecksum: 2, notNmea: 31 }, newPositions: 0, newSentences: 0, raw: ['$GPGGA,12*00'] });
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'none', latitude: null, details: null, link: { badChecksum: 2, notNmea: 31 } });
  });

  it('the age is that of the last position: sentences without one do not make it younger', () => {
    const { controller, engine, frame } = setup();
    controller.start();
    engine.handlers.onUpdate({ fix: FIX, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });
    const positionAt = Date.now();
    vi.advanceTimersByTime(4_000);
    engine.handlers.onUpdate({ fix: { ...FIX, fixQuality: 'No Fix' }, counts: NO_COUNTS, newPositions: 0, newSentences: 3, raw: null });
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'serial', lastUpdate: positionAt, fixQuality: 'No Fix' });
  });

  it('the fix details come with serial data; a browser fix has none', () => {
    const { geolocation } = fakeGeolocation();
    const { controller, engine, frame } = setup({ failsafe: true, geolocation });
    engine.handlers.onUpdate({ fix: FIX, counts: NO_COUNTS, newPositions: 1, newSentences: 7, raw: null });
    controller.start();
    frame();
    expect(controller.getSnapshot().details).toEqual({
      fixType: '3D',
      pdop: 1.6,
      vdop: 1.3,
      satsInView: 15,
      snrMean: 42.5,
      snrMax: 50,
      errLatM: 0.69,
      errLonM: 0.47,
      errAltM: 1.1,
    });
    vi.advanceTimersByTime(15_000); // stale → browser
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', details: null });
  });

  it('a new connection starts its counts afresh', async () => {
    const { controller, engine, frame } = setup();
    engine.handlers.onUpdate({ fix: SEARCHING, counts: { badChecksum: 1, notNmea: 4 }, newPositions: 0, newSentences: 0, raw: null });
    await controller.connect();
    frame();
    expect(controller.getSnapshot().link).toEqual({ badChecksum: 0, notNmea: 0 });
  });
});

describe('browser failsafe', () => {
  it('a browser fix: source browser, hdop = accuracy / 5, GPS Fix, no satellite count', () => {
    const geolocation: GeolocationLike = {
      getCurrentPosition: (success) =>
        success({
          timestamp: Date.UTC(2026, 5, 1, 6, 0, 0),
          coords: { latitude: 45.5, longitude: -73.6, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        } as GeolocationPosition),
      watchPosition: () => 1,
      clearWatch: () => {},
    };
    const { controller, frame, saved } = setup({ failsafe: true, geolocation });
    controller.start();
    frame();
    expect(controller.getSnapshot()).toMatchObject({ source: 'browser', latitude: 45.5, hdop: 2, fixQuality: 'GPS Fix', satellites: null });
    controller.setFailsafeEnabled(false);
    frame();
    expect(saved.failsafe).toBe(false);
    expect(controller.getSnapshot()).toMatchObject({ source: 'none', failsafeEnabled: false });
  });
});

// A file as the controller reads it: a size and slices (jsdom's Blob has no arrayBuffer()).
const logFile = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return {
    name: 'drive.log',
    size: bytes.length,
    slice: (start?: number, end?: number) => {
      const part = bytes.slice(start, end);
      return { arrayBuffer: async () => part.buffer } as unknown as Blob;
    },
  };
};

describe('replay', () => {
  it('feeds the file through the parser, then finishes it', async () => {
    const { controller, engine, frame } = setup();
    const log = '$GPGGA,120000,x\r\n$GPGGA,120001,x\r\n';
    const file = logFile(log);
    await controller.startReplay(file, Infinity);
    await vi.runAllTimersAsync();
    frame();
    expect(new TextDecoder().decode(engine.pushed[0])).toBe(log);
    expect(engine.finished).toBe(1);
    expect(controller.getSnapshot().replay).toEqual({ kind: 'finished', name: 'drive.log' });
  });

  it('a log over the size cap is refused with a message, and nothing is read', async () => {
    const { controller, engine, frame } = setup();
    let sliced = false;
    const huge = {
      name: 'huge.log',
      size: 600 * 1024 * 1024,
      slice: () => {
        sliced = true;
        return new Blob();
      },
    };
    await controller.startReplay(huge, 1);
    frame();
    expect(controller.getSnapshot().replay).toEqual({
      kind: 'failed',
      name: 'huge.log',
      message: 'the log is 600 MB; logs up to 256 MB can be replayed',
    });
    expect(sliced).toBe(false);
    expect(engine.pushed).toHaveLength(0);
  });

  it('Stop replay stops feeding', async () => {
    const { controller, engine, frame } = setup();
    const file = logFile('$GPGGA,120000,x\n$GPGGA,120010,x\n');
    await controller.startReplay(file, 1);
    expect(engine.pushed).toHaveLength(1);
    controller.stopReplay();
    await vi.advanceTimersByTimeAsync(20_000);
    frame();
    expect(engine.pushed).toHaveLength(1);
    expect(controller.getSnapshot().replay).toBeNull();
  });
});
