// The GPS state of SPEC §3 and what the panel shows about its inputs.
import type { FixQuality, FixType, NmeaCounts, NmeaFix } from '../../core/gps';
import type { BaudRate } from '../../services/serial/webSerial';
import type { BrowserTracking, GpsSource } from './sourceMachine';
import type { ReplaySpeed } from './replay';

export type { FixQuality, FixType };

/** SPEC §3 GPS state. Numbers are null until reported. */
export interface GpsState {
  /** UTC time of the last fix: 'YYYY-MM-DD hh:mm:ss.sss' or 'hh:mm:ss.sss' without a date. */
  time: string | null;
  latitude: number | null;
  longitude: number | null;
  /** metres above mean sea level */
  altitude: number | null;
  /** km/h */
  speed: number | null;
  /** degrees true */
  course: number | null;
  satellites: number | null;
  fixQuality: FixQuality;
  hdop: number | null;
  /** ms since the epoch when the last position arrived (either source); null = never. */
  lastUpdate: number | null;
  /** The last 20 sentences from the serial receiver, oldest first. */
  rawNMEA: string[];
  source: GpsSource;
}

/**
 * What the serial receiver says about its fix beyond SPEC §3, so the surveyor can judge it
 * (GSA, GSV, GST; the core's fields, documented there). Numbers are null until reported.
 */
export type FixDetails = Pick<
  NmeaFix,
  'fixType' | 'pdop' | 'vdop' | 'satsInView' | 'snrMean' | 'snrMax' | 'errLatM' | 'errLonM' | 'errAltM'
>;

/** The serial link's counters since it was connected (or a replay started). */
export type LinkCounts = NmeaCounts;

export const NO_LINK_COUNTS: LinkCounts = { badChecksum: 0, notNmea: 0 };

export type SerialStatus =
  | { kind: 'unsupported' }
  | { kind: 'idle' }
  /** `reopening`: the parser was started again and opens the port it read, with no picker. */
  | { kind: 'connecting'; reopening?: true }
  | { kind: 'connected'; baudRate: BaudRate; recovered: number }
  | { kind: 'disconnected'; message: string }
  | { kind: 'failed'; message: string };

export type ReplayStatus =
  | { kind: 'playing'; name: string; speed: ReplaySpeed; progress: number }
  | { kind: 'finished'; name: string }
  | { kind: 'failed'; name: string; message: string };

export interface GpsView extends GpsState {
  /** From the serial receiver; null while the browser is the source, or before any data. */
  details: FixDetails | null;
  link: LinkCounts;
  serial: SerialStatus;
  /** null when no replay was started (or it was stopped). */
  replay: ReplayStatus | null;
  tracking: BrowserTracking;
  failsafeEnabled: boolean;
  baudRate: BaudRate;
  /** The parser's core could not be loaded, or failed (a trap): nothing read reaches a position any more. */
  coreError: string | null;
  /** The parser failed and was started again (the port it read opened again): what happened, until the next connect or replay. */
  parserNotice: string | null;
}

export const INITIAL_GPS_STATE: GpsState = {
  time: null,
  latitude: null,
  longitude: null,
  altitude: null,
  speed: null,
  course: null,
  satellites: null,
  fixQuality: 'No Fix',
  hdop: null,
  lastUpdate: null,
  rawNMEA: [],
  source: 'none',
};
