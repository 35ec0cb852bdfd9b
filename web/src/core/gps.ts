// Serial NMEA, parsed by the core in a Web Worker (nmea.worker.ts), seen from TypeScript.
// The worker reads the serial port itself where the browser allows it (serialInWorker.ts);
// otherwise the main thread hands over bytes (the port's stream read on the page in batches
// of at most one per BATCH_INTERVAL_MS), as it does a replayed log's chunks. The page
// receives at most one compact snapshot per SNAPSHOT_INTERVAL_MS.
import { SERIAL_CLOSE_TIMEOUT_MS, SERIAL_OPEN_TIMEOUT_MS, type FromWorker, type ToWorker } from './nmeaProtocol';
import type { PortInfo } from './serialInWorker';

export { BATCH_INTERVAL_MS, SNAPSHOT_INTERVAL_MS } from './nmeaProtocol';
export type { PortInfo } from './serialInWorker';

/** SPEC §3/§5 fix quality labels (GGA quality 0 / 1 / anything else). */
export type FixQuality = 'No Fix' | 'GPS Fix' | 'DGPS Fix';
const FIX_LABELS: readonly FixQuality[] = ['No Fix', 'GPS Fix', 'DGPS Fix'];

/** GSA fix type: 1 none, 2 = 2D, 3 = 3D. */
export type FixType = 'none' | '2D' | '3D';
const FIX_TYPES: Readonly<Record<number, FixType>> = { 1: 'none', 2: '2D', 3: '3D' };

/** The merged receiver state, decoded from the worker's slots; null = not reported. */
export interface NmeaFix {
  /** UTC time of day in ms, and the UTC date (YYYY-MM-DD) once an RMC gave one. */
  timeMs: number | null;
  date: string | null;
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  speedKmh: number | null;
  course: number | null;
  satellites: number | null;
  fixQuality: FixQuality;
  hdop: number | null;
  /** GSA: fix type and dilution of precision. */
  fixType: FixType | null;
  pdop: number | null;
  vdop: number | null;
  /** GSV: satellites in view over all constellations; mean and best SNR, dB-Hz. */
  satsInView: number | null;
  snrMean: number | null;
  snrMax: number | null;
  /** GST: the receiver's 1-sigma position error, metres. */
  errLatM: number | null;
  errLonM: number | null;
  errAltM: number | null;
}

/** The link's counters since the parser was last reset (a new connection or replay). */
export interface NmeaCounts {
  /** Sentences whose checksum did not match: never used. */
  badChecksum: number;
  /** Lines, or starts of lines, not beginning with '$' (SPEC §5: ignored with a warning). */
  notNmea: number;
}

export interface NmeaUpdate {
  fix: NmeaFix;
  counts: NmeaCounts;
  /** GGA/RMC positions that arrived since the previous update. */
  newPositions: number;
  /**
   * Valid NMEA sentences (a well-formed address, the checksum right or absent) that arrived
   * since the previous update, with or without a position: SPEC §4's "NMEA data arrives".
   */
  newSentences: number;
  /** The last 20 sentences, oldest first, when they changed since the previous update. */
  raw: string[] | null;
}

/** How the stream of read `readId` ended (without `stop`). */
export type StreamEnd = { readId: number } & ({ kind: 'ended' } | { kind: 'error'; name: string; message: string });

/** What the GPS feature needs from the parser; a fake stands in for it in unit tests. */
export interface NmeaEngine {
  /** Bytes for the parser (copied: the caller keeps its array). */
  push(bytes: Uint8Array): void;
  /** A replayed log is over: judge a last line without a line ending, report at once. */
  finish(): void;
  /**
   * Serial read `readId` ended (done, or failed with `error`) after the bytes pushed so far:
   * reports them at once, then calls onStreamEnd with the same id and error.
   */
  endStream(readId: number, error: { name: string; message: string } | null): void;
  /** Starts afresh for a new connection or replay. */
  reset(): void;
  /**
   * Opens the port the page chose (`info`: its SerialPort.getInfo()) in the worker, 8N1 at
   * `baudRate`, and reads it there as read `readId`, whose end reaches onStreamEnd. False when
   * the worker cannot (its core failed, no Web Serial in workers, not exactly one port
   * matching, its open failed, or no answer within SERIAL_OPEN_TIMEOUT_MS, its core's load
   * included): the page then opens and reads the port itself.
   */
  openSerial(readId: number, info: PortInfo, baudRate: number): Promise<boolean>;
  /** Reads the worker's port again, as read `readId`, after a read error the port survives. */
  readSerial(readId: number): void;
  /**
   * Stops reading the worker's port and closes it (no onStreamEnd follows), if it is the one
   * opened as read `openId`: a connection that gave up late leaves the next one's port alone.
   */
  closeSerial(openId: number): Promise<void>;
  /** Stops the parser for good (its worker ends; a port it still held is closed with it). */
  terminate(): void;
}

export interface NmeaHandlers {
  onUpdate(update: NmeaUpdate): void;
  onStreamEnd(end: StreamEnd): void;
  onFailure(message: string): void;
}

const field = (value: number | undefined): number | null => (value === undefined || Number.isNaN(value) ? null : value);

const reader = (state: Float64Array, index: ReadonlyMap<string, number>) => (name: string) => {
  const i = index.get(name);
  return i === undefined ? null : field(state[i]);
};

/** Reads the worker's slots by name. */
export function decodeFix(state: Float64Array, index: ReadonlyMap<string, number>): NmeaFix {
  const at = reader(state, index);
  const date = at('date');
  const code = at('fixQuality') ?? 0;
  const fixType = at('fixType');
  return {
    timeMs: at('timeMs'),
    date:
      date === null
        ? null
        : `${String(Math.floor(date / 10_000)).padStart(4, '0')}-${String(Math.floor(date / 100) % 100).padStart(2, '0')}-${String(date % 100).padStart(2, '0')}`,
    latitude: at('latitude'),
    longitude: at('longitude'),
    altitude: at('altitude'),
    speedKmh: at('speedKmh'),
    course: at('course'),
    satellites: at('satellites'),
    fixQuality: FIX_LABELS[code] ?? 'DGPS Fix',
    hdop: at('hdop'),
    fixType: fixType === null ? null : (FIX_TYPES[fixType] ?? null),
    pdop: at('pdop'),
    vdop: at('vdop'),
    satsInView: at('satsInView'),
    snrMean: at('snrMean'),
    snrMax: at('snrMax'),
    errLatM: at('errLatM'),
    errLonM: at('errLonM'),
    errAltM: at('errAltM'),
  };
}

/** Reads the link's counters from the worker's slots. */
export function decodeCounts(state: Float64Array, index: ReadonlyMap<string, number>): NmeaCounts {
  const at = reader(state, index);
  return { badChecksum: at('badChecksum') ?? 0, notNmea: at('notNmea') ?? 0 };
}

/** The part of a Worker the engine uses (a fake stands in for it in unit tests). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'addEventListener'> & Partial<Pick<Worker, 'terminate'>>;

const nmeaWorker = (): WorkerLike => new Worker(new URL('./nmea.worker.ts', import.meta.url), { type: 'module', name: 'nmea' });

/** Starts the NMEA worker (it loads the core itself). */
export function startNmeaWorker(handlers: NmeaHandlers, createWorker: () => WorkerLike = nmeaWorker): NmeaEngine {
  const worker = createWorker();
  let index: Map<string, number> = new Map();
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  // The worker is never asked for the port after it failed. Before its core is in, it answers
  // once the core is (it handles its messages in order after loading): the parser needs the
  // core before any byte anyway.
  let failed = false;
  // Answers awaited from the worker, by request: each is settled by its answer (a reason, or
  // null when done), or with undefined by a timeout (a worker that died answers nothing) or
  // by the worker's failure.
  let lastReq = 0;
  const answers = new Map<number, (reason: string | null | undefined) => void>();
  const ask = (message: ToWorker & { req: number }, timeoutMs: number) =>
    new Promise<string | null | undefined>((resolve) => {
      const timer = setTimeout(() => settle(message.req, undefined), timeoutMs);
      answers.set(message.req, (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
      send(message);
    });
  const settle = (req: number, reason: string | null | undefined) => {
    answers.get(req)?.(reason);
    answers.delete(req);
  };
  /** Ended by terminate(): its port (if any) was closed with it; nothing is asked of it again. */
  let terminated = false;
  const closeSerial = async (openId: number) => {
    if (terminated) return;
    await ask({ type: 'serial-close', req: ++lastReq, id: openId }, SERIAL_CLOSE_TIMEOUT_MS);
  };
  /** Nothing is asked of the worker any more: every question waiting is answered 'no answer'. */
  const giveUp = () => {
    failed = true;
    for (const req of [...answers.keys()]) settle(req, undefined);
  };
  const fail = (message: string) => {
    if (terminated) return; // its own end, or an event that was already on its way
    giveUp();
    handlers.onFailure(message);
  };

  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'ready':
        index = new Map(message.fields.map((name, i) => [name, i]));
        break;
      case 'failed':
        fail(message.message);
        break;
      case 'snapshot':
        handlers.onUpdate({
          fix: decodeFix(message.state, index),
          counts: decodeCounts(message.state, index),
          newPositions: message.newPositions,
          newSentences: message.newSentences,
          raw: message.raw === null ? null : message.raw === '' ? [] : message.raw.split('\n'),
        });
        break;
      case 'stream-ended':
        handlers.onStreamEnd({ readId: message.id, kind: 'ended' });
        break;
      case 'stream-error':
        handlers.onStreamEnd({ readId: message.id, kind: 'error', name: message.name, message: message.message });
        break;
      case 'serial-opened':
      case 'serial-closed':
        settle(message.req, message.type === 'serial-opened' ? message.reason : null);
        break;
    }
  });
  // A script that threw says why; one that did not load at all (a failed download) fires a
  // plain event with no message.
  worker.addEventListener('error', (event: Event) =>
    fail(`The GPS worker failed: ${event instanceof ErrorEvent && event.message ? event.message : 'its script did not load'}`),
  );

  return {
    push: (bytes) => {
      // A copy the worker owns: the caller's buffer may be shared or reused.
      const copy = bytes.slice();
      send({ type: 'chunk', bytes: copy.buffer }, [copy.buffer]);
    },
    finish: () => send({ type: 'finish' }),
    endStream: (id, error) => send({ type: 'stream-end', id, error }),
    reset: () => send({ type: 'reset' }),
    openSerial: async (id, info, baudRate) => {
      if (failed) return false;
      const reason = await ask({ type: 'serial-open', req: ++lastReq, id, info, baudRate }, SERIAL_OPEN_TIMEOUT_MS);
      if (reason === null) return true;
      // No answer in time, or the worker failed meanwhile: it may yet open the port, so it is
      // told to close it before the page opens it.
      if (reason === undefined) await closeSerial(id);
      return false;
    },
    readSerial: (id) => send({ type: 'serial-read', id }),
    closeSerial,
    terminate: () => {
      terminated = true;
      giveUp();
      worker.terminate?.();
    },
  };
}
