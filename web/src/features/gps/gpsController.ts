// The GPS feature's state holder: the serial connection, replay, the SPEC §4 source
// machine and the state of SPEC §3, merged into one view that React reads with
// useSyncExternalStore. Updates are coalesced to one per animation frame, and what the
// receiver says is shown at most once per RENDER_INTERVAL_MS (a readout read by a person
// needs no more), so however fast the receiver talks React renders a few times a second.
// The port chosen here is read by the parser's worker itself where the browser allows it
// (core/serialInWorker.ts: the bytes never touch the main thread); otherwise its stream is
// read here in batches (services/serial/batchedReader.ts): one message to the worker per
// BATCH_INTERVAL_MS, not one per driver chunk. Every outside thing (clock, timers, frames,
// geolocation, serial, the parser) is injected.
import { BATCH_INTERVAL_MS, type NmeaEngine, type NmeaFix, type NmeaHandlers, type NmeaUpdate, type StreamEnd } from '../../core/gps';
import type { GeolocationLike } from '../../services/geolocation/geolocation';
import { readInBatches, type BatchedRead } from '../../services/serial/batchedReader';
import type { BaudRate, ReadErrorKind, SerialPortLike } from '../../services/serial/webSerial';
import { INITIAL_GPS_STATE, NO_LINK_COUNTS, type FixDetails, type GpsView, type ReplayStatus } from './gpsState';
import { blobSource, MAX_REPLAY_BYTES, playReplay, READ_CHUNK_BYTES, tooLargeMessage, type ReplaySpeed } from './replay';
import { SourceMachine, type BrowserFix } from './sourceMachine';

/** The message shown when the receiver is unplugged or its port fails. */
export const GPS_DISCONNECTED = 'GPS disconnected';
/** Serial and replay, once the parser failed for good (its own message, `coreError`, says why). */
export const GPS_PARSER_STOPPED = 'The GPS parser stopped: reload the page to read the receiver again. Measurements already saved are kept.';
const PARSER_STOPPED = { kind: 'failed', message: GPS_PARSER_STOPPED } as const;
/** A replay the parser's failure cut short, once the parser was started again. */
export const GPS_REPLAY_INTERRUPTED = 'The GPS parser failed during the replay and was started again: start the replay again.';
/**
 * A parser that fails (its core trapped, or did not load) is started again, and the port it
 * read is opened again, at most this many times within PARSER_RESTART_WINDOW_MS; one more
 * failure within it stops the parser for good (a core that cannot load would otherwise be
 * started again and again), and the surveyor is asked to reload.
 */
export const PARSER_RESTARTS = 3;
export const PARSER_RESTART_WINDOW_MS = 60_000;
/** What the panel says once the parser was started again after `failure` (its own message). */
export const parserRestartedNotice = (failure: string) => `The GPS parser was started again after a failure (${failure}).`;

/**
 * The receiver's data reaches the screen at most this often (ms): once a second, however
 * fast the receiver talks (most report once a second; a person reads the readout, no
 * animation follows it, and the map samples the position at the same rate, so one frame
 * draws both). Each such frame lays out and paints the workspace: at 4× CPU throttling,
 * 2 a second instead of 1 cost 30-50 ms a second more (bench gps-panel). What a measurement
 * records (`latest()`) is never held back: it is the newest snapshot, at most 100 ms old.
 */
export const RENDER_INTERVAL_MS = 1000;

export interface SerialAdapter {
  supported: boolean;
  /** Opens the picker (inside a click): the chosen port, not open yet. */
  request(): Promise<SerialPortLike>;
  /** Opens `port` on the page at `baudRate`. */
  open(port: SerialPortLike, baudRate: BaudRate): Promise<void>;
  close(port: SerialPortLike): Promise<void>;
  classify(errorName: string): ReadErrorKind;
}

export interface GpsControllerDeps {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Runs `callback` before the next paint (requestAnimationFrame). */
  scheduleFrame(callback: () => void): void;
  geolocation: GeolocationLike | null;
  serial: SerialAdapter;
  createEngine(handlers: NmeaHandlers): NmeaEngine;
  settings: {
    failsafeEnabled: boolean;
    baudRate: BaudRate;
    saveFailsafeEnabled(enabled: boolean): void;
    saveBaudRate(baudRate: BaudRate): void;
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'hh:mm:ss.sss' from ms since midnight UTC. */
export function formatTimeOfDay(ms: number): string {
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function fixDetails(fix: NmeaFix): FixDetails {
  const { fixType, pdop, vdop, satsInView, snrMean, snrMax, errLatM, errLonM, errAltM } = fix;
  return { fixType, pdop, vdop, satsInView, snrMean, snrMax, errLatM, errLonM, errAltM };
}

/** The view's fields while the serial receiver is the source: all from its merged state. */
function serialFields(fix: NmeaFix): Partial<GpsView> {
  const time = fix.timeMs === null ? null : formatTimeOfDay(fix.timeMs);
  return {
    time: time && fix.date ? `${fix.date} ${time}` : time,
    latitude: fix.latitude,
    longitude: fix.longitude,
    altitude: fix.altitude,
    speed: fix.speedKmh,
    course: fix.course,
    satellites: fix.satellites,
    fixQuality: fix.fixQuality,
    hdop: fix.hdop,
    details: fixDetails(fix),
  };
}

function browserFields(fix: BrowserFix): Partial<GpsView> {
  const iso = new Date(fix.timestamp).toISOString(); // 2026-06-01T06:00:00.000Z
  return {
    time: `${iso.slice(0, 10)} ${iso.slice(11, 23)}`,
    latitude: fix.latitude,
    longitude: fix.longitude,
    altitude: fix.altitude,
    speed: fix.speedKmh,
    course: fix.course,
    satellites: null,
    fixQuality: 'GPS Fix',
    hdop: fix.hdop,
    details: null,
  };
}

export class GpsController {
  private view: GpsView;
  private next: GpsView | null = null;
  private frameScheduled = false;
  /** A frame is waiting for RENDER_INTERVAL_MS to pass since the last data render. */
  private paceTimer: unknown = null;
  /** `next` holds receiver data not yet shown; when it was last shown. */
  private nextHasData = false;
  private dataShownAt = -Infinity;
  private readonly listeners = new Set<() => void>();
  private readonly deps: GpsControllerDeps;
  private readonly machine: SourceMachine;
  private engine: NmeaEngine;
  /** When the parser was started again after a failure (within PARSER_RESTART_WINDOW_MS). */
  private restartsAt: number[] = [];
  /** A port being opened (openPort, until it is read or given up), and by which parser. */
  private opening: { port: SerialPortLike; baudRate: BaudRate; engine: NmeaEngine; current: () => boolean; done: Promise<void> } | null = null;
  private port: SerialPortLike | null = null;
  private readId: number | null = null;
  private lastReadId = 0;
  /** Who reads the connected port: the parser's worker (the port opened as read `openId`), or the page (its batched read). */
  private reader: { kind: 'worker'; openId: number } | { kind: 'page'; read: BatchedRead } | null = null;
  /** Counts disconnects: a connect that was waiting (picker, open) across one gives up. */
  private connection = 0;
  private stopPlayback: (() => void) | null = null;
  private replayGeneration = 0;
  /** When the current serial stream (or replay) last gave a GGA/RMC position. */
  private serialPositionAt: number | null = null;

  constructor(deps: GpsControllerDeps) {
    this.deps = deps;
    this.view = {
      ...INITIAL_GPS_STATE,
      details: null,
      link: NO_LINK_COUNTS,
      serial: deps.serial.supported ? { kind: 'idle' } : { kind: 'unsupported' },
      replay: null,
      tracking: { kind: 'off' },
      failsafeEnabled: deps.settings.failsafeEnabled,
      baudRate: deps.settings.baudRate,
      coreError: null,
      parserNotice: null,
    };
    this.engine = this.startEngine();
    this.machine = new SourceMachine({
      now: deps.now,
      setInterval: deps.setInterval,
      clearInterval: deps.clearInterval,
      geolocation: deps.geolocation,
      failsafeEnabled: deps.settings.failsafeEnabled,
      onSource: (source) => this.update({ source }),
      onTracking: (tracking) => this.update({ tracking }),
      onBrowserFix: (fix) => this.update({ ...browserFields(fix), lastUpdate: deps.now() }),
      onBrowserNoFix: () => this.update({ fixQuality: 'No Fix' }),
    });
  }

  /** Starts the SPEC §4 source checks (and with them the failsafe, if on). */
  start(): void {
    this.machine.start();
  }

  // --- for React (useSyncExternalStore) ---

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The view as last rendered: changes at most once per frame. */
  readonly getSnapshot = (): GpsView => this.view;

  /** The newest state, including what the next frame will show (for recording a measurement). */
  latest(): GpsView {
    return this.next ?? this.view;
  }

  /**
   * Shown on the next frame; or, for the receiver's data (`paced`), on the first frame
   * RENDER_INTERVAL_MS after the data last shown. Any other change shows the data with it.
   */
  private update(patch: Partial<GpsView>, paced = false): void {
    this.next = { ...(this.next ?? this.view), ...patch };
    if (paced) {
      this.nextHasData = true;
      const wait = this.dataShownAt + RENDER_INTERVAL_MS - this.deps.now();
      if (wait > 0 && wait <= RENDER_INTERVAL_MS) {
        if (this.paceTimer === null && !this.frameScheduled) {
          this.paceTimer = this.deps.setTimeout(() => {
            this.paceTimer = null;
            this.requestFrame();
          }, wait);
        }
        return;
      }
    }
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.paceTimer !== null) this.deps.clearTimeout(this.paceTimer);
    this.paceTimer = null;
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    this.deps.scheduleFrame(() => {
      this.frameScheduled = false;
      if (!this.next) return;
      this.view = this.next;
      this.next = null;
      if (this.nextHasData) this.dataShownAt = this.deps.now();
      this.nextHasData = false;
      for (const listener of this.listeners) listener();
    });
  }

  // --- parser output ---

  private onNmea(update: NmeaUpdate): void {
    const patch: Partial<GpsView> = { link: update.counts };
    if (update.raw) patch.rawNMEA = update.raw;
    if (update.newPositions > 0) this.serialPositionAt = this.deps.now();
    if (update.newSentences > 0) {
      // SPEC §4: NMEA data arriving makes serial the source (and keeps it fresh), with or
      // without a position; the view then shows the receiver's state, 'No Fix' included.
      this.machine.serialData();
      Object.assign(patch, serialFields(update.fix), { lastUpdate: this.serialPositionAt });
    }
    this.update(patch, true);
  }

  /** A parser whose reports count only while it is the current one (a replaced one's late messages are dropped). */
  private startEngine(): NmeaEngine {
    const engine: NmeaEngine = this.deps.createEngine({
      onUpdate: (update) => {
        if (this.engine === engine) this.onNmea(update);
      },
      onStreamEnd: (end) => {
        if (this.engine === engine) this.onStreamEnd(end);
      },
      onFailure: (message) => {
        if (this.engine === engine) this.onCoreFailure(message);
      },
    });
    return engine;
  }

  /** A new serial stream or replay: its parser starts afresh, and so do its counters. */
  private resetEngine(): void {
    this.engine.reset();
    this.serialPositionAt = null;
    this.update({ link: NO_LINK_COUNTS });
  }

  private onStreamEnd(end: StreamEnd): void {
    const port = this.port;
    if (!port || end.readId !== this.readId) return; // an earlier connection, or a stop we asked for
    // BufferOverrun, Break, Framing, Parity: the port gives a fresh stream; read on.
    if (end.kind === 'error' && this.deps.serial.classify(end.name) === 'recoverable' && this.readOn(port)) {
      const serial = this.latest().serial;
      if (serial.kind === 'connected') this.update({ serial: { ...serial, recovered: serial.recovered + 1 } });
      return;
    }
    this.lose();
  }

  /** A new read of the port's fresh stream, by whoever reads it; false when the port has none. */
  private readOn(port: SerialPortLike): boolean {
    const id = ++this.lastReadId;
    if (this.reader?.kind === 'worker') {
      this.engine.readSerial(id);
    } else {
      const readable = port.readable;
      if (!readable) return false;
      this.readOnPage(readable, id);
    }
    this.readId = id;
    return true;
  }

  // --- serial ---

  /** 'Connect GPS' / 'Reconnect GPS': must be called from a click (the browser's port picker). */
  async connect(): Promise<void> {
    if (this.latest().serial.kind === 'connecting') return;
    this.stopReplay();
    await this.disconnect();
    if (this.latest().coreError !== null) {
      this.update({ serial: PARSER_STOPPED });
      return;
    }
    const connection = this.connection;
    const current = () => connection === this.connection;
    const baudRate = this.latest().baudRate;
    this.update({ serial: { kind: 'connecting' }, parserNotice: null });
    let port: SerialPortLike;
    try {
      port = await this.deps.serial.request();
    } catch (error) {
      if (current()) this.update({ serial: (error as { code?: string }).code === 'no-port-chosen' ? { kind: 'idle' } : { kind: 'failed', message: messageOf(error) } });
      return;
    }
    if (!current()) return;
    await this.openPort(port, baudRate, current);
  }

  /**
   * Opens the chosen `port` for the parser, in its worker where it can, else on the page, and
   * reads it; `current` turns false when a disconnect (or a newer connect) made this one moot.
   */
  private openPort(port: SerialPortLike, baudRate: BaudRate, current: () => boolean): Promise<void> {
    this.resetEngine();
    const entry = { port, baudRate, engine: this.engine, current, done: Promise.resolve() };
    entry.done = this.openWith(entry.engine, port, baudRate, current).finally(() => {
      if (this.opening === entry) this.opening = null;
    });
    this.opening = entry;
    return entry.done;
  }

  private async openWith(engine: NmeaEngine, port: SerialPortLike, baudRate: BaudRate, current: () => boolean): Promise<void> {
    const failed = (error: unknown) => {
      if (current()) this.update({ serial: { kind: 'failed', message: messageOf(error) } });
    };
    // The parser stopped for good (before this open, or while it waited): nothing could read the port.
    const stopped = () => {
      if (this.latest().coreError === null) return false;
      if (current()) this.update({ serial: PARSER_STOPPED });
      return true;
    };
    if (stopped()) return;
    const id = ++this.lastReadId;
    const info = port.getInfo?.();
    // A parser that failed meanwhile has made this open moot (onCoreFailure gave it up, and
    // opens the port again for the next parser, or stopped for good): `current()` is false.
    // A port opened meanwhile is closed before the open ends, so the next one finds it closed.
    if (info && (await engine.openSerial(id, info, baudRate))) {
      if (!current()) return void (await engine.closeSerial(id));
      this.reader = { kind: 'worker', openId: id };
    } else {
      if (!current() || stopped()) return;
      try {
        await this.deps.serial.open(port, baudRate);
      } catch (error) {
        failed(error);
        return;
      }
      if (!current()) return void (await this.deps.serial.close(port));
      const readable = port.readable;
      if (!readable) {
        this.port = port;
        this.lose();
        return;
      }
      this.readOnPage(readable, id);
    }
    this.port = port;
    this.readId = id;
    port.addEventListener('disconnect', this.onUnplugged);
    this.update({ serial: { kind: 'connected', baudRate, recovered: 0 } });
  }

  /**
   * Reads a port's stream on the page (locked until it ends or `release`) into the parser in
   * batches; its end reaches onStreamEnd as read `id`, after the parser reported its bytes.
   */
  private readOnPage(readable: ReadableStream<Uint8Array>, id: number): void {
    if (this.reader?.kind === 'page') void this.reader.read.stop();
    this.reader = {
      kind: 'page',
      read: readInBatches(
        readable,
        {
          onBytes: (bytes) => this.engine.push(bytes),
          onEnd: () => this.engine.endStream(id, null),
          onError: (error) => {
            const named = error instanceof Error || error instanceof DOMException;
            this.engine.endStream(id, { name: named ? error.name : 'Error', message: named ? error.message : String(error) });
          },
        },
        BATCH_INTERVAL_MS,
        this.deps,
      ),
    };
  }

  /**
   * Stops reading and closes the port: the worker's (through `engine`, the parser that opened
   * it), or the page's stream (cancelling it unlocks the port) and then `port`.
   */
  private async release(port: SerialPortLike, engine = this.engine): Promise<void> {
    const reader = this.reader;
    this.reader = null;
    if (reader?.kind === 'worker') {
      await engine.closeSerial(reader.openId);
      return;
    }
    await reader?.read.stop();
    await this.deps.serial.close(port);
  }

  /** 'Disconnect GPS'. */
  async disconnect(): Promise<void> {
    this.connection += 1;
    const port = this.detachPort();
    if (!port) {
      // A connect still waiting gives up.
      if (this.latest().serial.kind === 'connecting') this.update({ serial: { kind: 'idle' } });
      return;
    }
    this.update({ serial: { kind: 'idle' } });
    await this.release(port);
  }

  private readonly onUnplugged = () => this.lose();

  /**
   * The parser's core failed to load, or trapped: whatever is read or replayed would go
   * nowhere. A replay stops; the port is released (the worker has already let go of one it
   * read), and an open in flight with this parser is given up. The parser is then started
   * again and that port (read, or being opened) opened again as it was, with no click
   * (PARSER_RESTARTS times within PARSER_RESTART_WINDOW_MS); past that the parser stays
   * stopped, and the panel says so and asks for a reload. A connect still at the port picker
   * goes on, with the new parser.
   */
  private onCoreFailure(message: string): void {
    // Stopped for good already: a later report of the same parser changes nothing.
    if (this.latest().coreError !== null) return;
    const now = this.deps.now();
    this.restartsAt = this.restartsAt.filter((at) => now - at < PARSER_RESTART_WINDOW_MS);
    const restart = this.restartsAt.length < PARSER_RESTARTS;
    const failed = this.engine;
    const serial = this.latest().serial;
    const port = this.detachPort();
    // (An open the surveyor gave up meanwhile, by a disconnect or a replay, is not taken over.)
    const pending = this.opening?.engine === failed && this.opening.current() ? this.opening : null;
    // An open in flight with the failed parser gives up (a port it opened on the page is closed again).
    if (pending) this.connection += 1;
    const replay = this.latest().replay;
    if (replay?.kind === 'playing') {
      this.replayGeneration += 1;
      this.stopPlayback?.();
      this.stopPlayback = null;
      this.update({ replay: { kind: 'failed', name: replay.name, message: restart ? GPS_REPLAY_INTERRUPTED : GPS_PARSER_STOPPED } });
    }
    if (!restart) {
      this.update({ coreError: message, parserNotice: null });
      if (port || pending) this.update({ serial: PARSER_STOPPED });
      // The stopped parser lets go of a port it read, then ends (it is never asked anything again).
      void (port ? this.release(port, failed) : Promise.resolve()).catch(() => undefined).finally(() => failed.terminate());
      return;
    }
    this.restartsAt.push(now);
    this.engine = this.startEngine();
    this.update({ parserNotice: parserRestartedNotice(message) });
    const target = port ?? pending?.port ?? null;
    if (!target) {
      failed.terminate();
      return;
    }
    const baudRate = port && serial.kind === 'connected' ? serial.baudRate : (pending?.baudRate ?? this.latest().baudRate);
    this.connection += 1;
    const connection = this.connection;
    const current = () => connection === this.connection;
    this.update({ serial: { kind: 'connecting', reopening: true } });
    // The failed parser lets go of the port first (it answers a close, or its open in flight
    // ends), then it is ended and the next one opens the port.
    void (port ? this.release(port, failed) : pending?.done)
      ?.catch(() => undefined)
      .then(async () => {
        failed.terminate();
        if (current()) await this.openPort(target, baudRate, current);
      })
      .catch((error: unknown) => {
        if (current()) this.update({ serial: { kind: 'failed', message: messageOf(error) } });
      });
  }

  /** The receiver was unplugged or its port failed: say so, and offer to reconnect. */
  private lose(): void {
    const port = this.detachPort();
    if (!port) return;
    this.update({ serial: { kind: 'disconnected', message: GPS_DISCONNECTED } });
    void this.release(port);
  }

  private detachPort(): SerialPortLike | null {
    const port = this.port;
    this.port = null;
    this.readId = null;
    port?.removeEventListener('disconnect', this.onUnplugged);
    return port;
  }

  setBaudRate(baudRate: BaudRate): void {
    this.deps.settings.saveBaudRate(baudRate);
    this.update({ baudRate });
  }

  // --- browser failsafe ---

  setFailsafeEnabled(enabled: boolean): void {
    this.deps.settings.saveFailsafeEnabled(enabled);
    this.update({ failsafeEnabled: enabled });
    this.machine.setFailsafe(enabled);
  }

  retryBrowserLocation(): void {
    this.machine.retryBrowser();
  }

  // --- replay ---

  /**
   * Plays a recorded NMEA log through the serial path (the serial connection is closed). The
   * file is read a chunk at a time, never whole; one over MAX_REPLAY_BYTES is refused with a
   * message. Returns once the first chunk is read.
   */
  async startReplay(file: Pick<Blob, 'size' | 'slice'> & { name: string }, speed: ReplaySpeed): Promise<void> {
    this.stopReplay();
    await this.disconnect();
    this.update({ parserNotice: null });
    const generation = ++this.replayGeneration;
    const failed = (message: string) => this.update({ replay: { kind: 'failed', name: file.name, message } });
    if (this.latest().coreError !== null) {
      failed(GPS_PARSER_STOPPED);
      return;
    }
    if (file.size > MAX_REPLAY_BYTES) {
      failed(tooLargeMessage(file.size));
      return;
    }
    // The first chunk is read here, so a file that cannot be read fails before anything
    // changes, and playing starts at once.
    const source = blobSource(file);
    let first: Uint8Array;
    try {
      first = await source.read(0, Math.min(file.size, READ_CHUNK_BYTES));
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
      return;
    }
    if (generation !== this.replayGeneration) return;
    // The parser stopped for good while the first chunk was read.
    if (this.latest().coreError !== null) {
      failed(GPS_PARSER_STOPPED);
      return;
    }
    this.resetEngine();
    const playing: ReplayStatus = { kind: 'playing', name: file.name, speed, progress: 0 };
    this.update({ replay: playing });
    const read = (start: number, end: number) => (start === 0 ? first : source.read(start, end));
    this.stopPlayback = playReplay({ size: file.size, read }, speed, this.deps, {
      push: (chunk) => this.engine.push(chunk),
      onProgress: (progress) => this.update({ replay: { ...playing, progress } }),
      onDone: () => {
        this.stopPlayback = null;
        this.engine.finish();
        this.update({ replay: { kind: 'finished', name: file.name } });
      },
      onError: (message) => {
        this.stopPlayback = null;
        failed(message);
      },
    });
  }

  /** 'Stop replay'. */
  stopReplay(): void {
    this.replayGeneration += 1;
    this.stopPlayback?.();
    this.stopPlayback = null;
    if (this.latest().replay) this.update({ replay: null });
  }
}
