// Messages between the main thread (gps.ts) and the NMEA worker (nmea.worker.ts).
import type { PortInfo } from './serialInWorker';

/** Main thread → worker. */
export type ToWorker =
  /**
   * Bytes, transferred: a batch read from the serial port on the page (at most one per
   * BATCH_INTERVAL_MS, see services/serial/batchedReader.ts), or a replayed log's chunk.
   */
  | { type: 'chunk'; bytes: ArrayBuffer }
  /** The input is over: judge a last line without a line ending, report at once. */
  | { type: 'finish' }
  /**
   * Serial read `id` ended (its last batch was sent before): report at once, then answer
   * 'stream-ended' or 'stream-error', so the last fix arrives before the news of the end.
   */
  | { type: 'stream-end'; id: number; error: { name: string; message: string } | null }
  /** Forget everything: a new parser for a new connection or replay. */
  | { type: 'reset' }
  /**
   * Open the port the page chose (identified by `info`) in the worker and read it there as
   * read `id` (serialInWorker.ts); answered by 'serial-opened' with the same `req`.
   */
  | { type: 'serial-open'; req: number; id: number; info: PortInfo; baudRate: number }
  /** Read the worker's port again, as read `id`, after a read error the port survives. */
  | { type: 'serial-read'; id: number }
  /**
   * Stop reading the worker's port and close it, if it is still the one opened as read `id`
   * (a later open replaced it otherwise); answered by 'serial-closed' with the same `req`,
   * even after the core failed (the port is released whatever happened).
   */
  | { type: 'serial-close'; req: number; id: number };

/** Worker → main thread. */
export type FromWorker =
  | { type: 'ready'; fields: string[] }
  /** The core could not be loaded: the message to show, whole (see ./loadFailure.ts). */
  | { type: 'failed'; message: string }
  /**
   * At most one every SNAPSHOT_INTERVAL_MS, and only when something arrived (a sentence,
   * valid or not, or a line that is not NMEA): the state slots (see `nmeaStateFields`,
   * transferred), how many GGA/RMC positions and valid sentences arrived since the previous
   * snapshot, and the last 20 sentences when they changed (else null).
   */
  | { type: 'snapshot'; state: Float64Array; newPositions: number; newSentences: number; raw: string | null }
  /** The stream being read ended (done) or failed (the DOMException's name and message). */
  | { type: 'stream-ended'; id: number }
  | { type: 'stream-error'; id: number; name: string; message: string }
  /** The answer to 'serial-open': `reason` is null when the worker reads the port, else why it cannot. */
  | { type: 'serial-opened'; req: number; reason: string | null }
  | { type: 'serial-closed'; req: number };

/** Snapshots are posted at most this often (ms): a 20 Hz receiver never means 20 posts a second. */
export const SNAPSHOT_INTERVAL_MS = 100;

/** How long the page waits for the worker to open the port (ms) before reading it itself. */
export const SERIAL_OPEN_TIMEOUT_MS = 5000;
/** How long the page waits for the worker to close the port (ms): a worker that died answers nothing. */
export const SERIAL_CLOSE_TIMEOUT_MS = 2000;

/** Serial bytes cross to the worker at most this often (ms), in one message per batch. */
export const BATCH_INTERVAL_MS = 100;
