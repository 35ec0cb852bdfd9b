// Web Serial: the surveyor's NMEA receiver on a USB/serial port. This adapter only chooses,
// opens and closes ports and says which read errors are worth retrying; the bytes are read
// in the NMEA worker where the browser allows it (src/core/serialInWorker.ts), else on the
// page in batches (./batchedReader.ts).
//
// Web Serial is not in TypeScript's DOM library, so the part Clearway uses is typed here.

/** The baud rates offered; NMEA 0183 receivers default to 4800. */
export const BAUD_RATES = [4800, 9600, 38400, 115200] as const;
export type BaudRate = (typeof BAUD_RATES)[number];
export const DEFAULT_BAUD_RATE: BaudRate = 4800;

export function isBaudRate(value: number): value is BaudRate {
  return (BAUD_RATES as readonly number[]).includes(value);
}

/** The subset of `SerialPort` that Clearway uses. */
export interface SerialPortLike extends EventTarget {
  open(options: { baudRate: number; dataBits?: 7 | 8; stopBits?: 1 | 2; parity?: 'none' | 'even' | 'odd' }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
  /** The port's USB or Bluetooth ids (absent from stand-ins that cannot say). */
  getInfo?(): { usbVendorId?: number; usbProductId?: number; bluetoothServiceClassId?: number | string };
}

interface SerialLike {
  requestPort(options?: object): Promise<SerialPortLike>;
}

function serialApi(): SerialLike | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { serial?: SerialLike }).serial ?? null;
}

/** Whether this browser can open serial ports (Chrome and Edge on a computer). */
export function isSerialSupported(): boolean {
  return serialApi() !== null;
}

export class SerialError extends Error {
  readonly code: 'unsupported' | 'no-port-chosen' | 'open-failed';

  constructor(code: SerialError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SerialError';
    this.code = code;
  }
}

/** Asks the surveyor to choose a port (the browser's own picker; must run inside a click). */
export async function requestPort(): Promise<SerialPortLike> {
  const serial = serialApi();
  if (!serial) throw new SerialError('unsupported', 'This browser cannot open serial ports. Use Chrome or Edge on a computer.');
  try {
    return await serial.requestPort();
  } catch (cause) {
    throw new SerialError('no-port-chosen', 'No serial port was chosen.', { cause });
  }
}

/** Opens `port` at `baudRate`, 8N1. */
export async function openPort(port: SerialPortLike, baudRate: BaudRate): Promise<void> {
  try {
    // 8N1, as NMEA 0183 and the TruPulse's CR400 preset: said, not left to the default.
    await port.open({ baudRate, dataBits: 8, stopBits: 1, parity: 'none' });
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new SerialError('open-failed', `The serial port could not be opened: ${detail}`, { cause });
  }
}

/** Asks the surveyor to choose a port (inside a click), then opens it at `baudRate`. */
export async function requestAndOpenPort(baudRate: BaudRate): Promise<SerialPortLike> {
  const port = await requestPort();
  await openPort(port, baudRate);
  return port;
}

/** Closes a port, ignoring a port that is already closed or gone. */
export async function closePort(port: SerialPortLike): Promise<void> {
  try {
    await port.close();
  } catch {
    // already closed, or unplugged
  }
}

/**
 * Read errors after which the port keeps working: Web Serial replaces `port.readable` with
 * a fresh stream, and reading goes on. Anything else (NetworkError = the device was lost,
 * UnknownError, a closed port) ends the connection.
 */
export const RECOVERABLE_READ_ERRORS = ['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError'] as const;

export type ReadErrorKind = 'recoverable' | 'fatal';

/** Classifies a read error by its DOMException name (`error.name`, or the name alone). */
export function classifyReadError(error: unknown): ReadErrorKind {
  const name = typeof error === 'string' ? error : error instanceof Error || error instanceof DOMException ? error.name : '';
  return (RECOVERABLE_READ_ERRORS as readonly string[]).includes(name) ? 'recoverable' : 'fatal';
}
