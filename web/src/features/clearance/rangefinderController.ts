// The laser rangefinder on a second serial port, beside the GPS (issue 15 point 4): a
// TruPulse-style device talks `$PLTIT` at 4800 8N1 by default (the baud rate is settable
// and kept on this device). Bytes are read in batches and parsed by the core's stream; each
// distance, device height or 3-shot height is handed to whoever listens (the capture form),
// a weak target marked, a rejected sentence (a bad checksum) reported and never used.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { loadClearanceCore, type RangefinderParser } from '../../core/clearance';
import { readInBatches, type BatchedRead } from '../../services/serial/batchedReader';
import { DEFAULT_BAUD_RATE, closePort, isBaudRate, requestAndOpenPort, type BaudRate, type SerialPortLike } from '../../services/serial/webSerial';
import { readFlag, writeFlag } from '../../services/storage/localFlags';
import { laserBluetooth } from './bluetoothLaser';
import { ReadingSource, type RangefinderReading } from './readingSource';

export type { RangefinderReading } from './readingSource';

export interface RangefinderState {
  kind: 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed';
  baudRate: BaudRate;
  message: string | null;
  last: RangefinderReading | null;
  /** Shots of a 3-shot height taken so far (0–2). */
  shots: number;
  rejected: number;
  lastRejection: string | null;
}

const BAUD_KEY = 'rangefinder_baud_rate';
const timers = { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms), clearTimeout: (h: unknown) => window.clearTimeout(h as number) };

function storedBaud(): BaudRate {
  const value = Number(readFlag(BAUD_KEY));
  return isBaudRate(value) ? value : DEFAULT_BAUD_RATE;
}

class RangefinderController extends ReadingSource<RangefinderState> {
  constructor() {
    super({ kind: 'idle', baudRate: storedBaud(), message: null, last: null, shots: 0, rejected: 0, lastRejection: null });
  }
  private port: SerialPortLike | null = null;
  private reading: BatchedRead | null = null;
  private parser: RangefinderParser | null = null;


  setBaudRate(baudRate: BaudRate) {
    writeFlag(BAUD_KEY, String(baudRate));
    this.set({ baudRate });
  }

  async connect() {
    if (this.state.kind === 'connecting' || this.state.kind === 'connected') return;
    this.set({ kind: 'connecting', message: null });
    try {
      const core = await loadClearanceCore();
      const port = await requestAndOpenPort(this.state.baudRate);
      if (!port.readable) throw new Error('The serial port has no data stream.');
      this.port = port;
      this.parser?.free();
      this.parser = core.rangefinder();
      this.reading = readInBatches(
        port.readable,
        { onBytes: (bytes) => this.take(bytes), onEnd: () => this.lost('The rangefinder stopped sending.'), onError: () => this.lost('Rangefinder disconnected.') },
        50,
        timers,
      );
      this.set({ kind: 'connected' });
    } catch (error) {
      this.set({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  async disconnect() {
    await this.reading?.stop();
    this.reading = null;
    if (this.port) await closePort(this.port);
    this.port = null;
    this.set({ kind: 'idle', shots: 0 });
  }

  private lost(message: string) {
    this.reading = null;
    this.port = null;
    this.set({ kind: 'disconnected', message });
  }

  private take(bytes: Uint8Array) {
    if (!this.parser) return;
    let { rejected, lastRejection, last } = this.state;
    for (const e of this.parser.push(bytes)) {
      if (e.kind === 'rejected') {
        rejected += 1;
        lastRejection = e.message ?? null;
      } else if (e.metres !== undefined && e.kind !== 'angle' && e.kind !== 'id') {
        last = { metres: e.metres, weak: e.weak, kind: e.kind };
        // Only a height fills the height field or a lane's reading: a shot's distance (a
        // 3-shot's first shot, a target seen from the side) is shown, never taken for one.
        if (e.fillsHeight) this.emit(last);
      }
    }
    this.set({ rejected, lastRejection, last, shots: this.parser.threeShotProgress() });
  }
}

export const rangefinder = new RangefinderController();

export function useRangefinder(): RangefinderState {
  return useSyncExternalStore(rangefinder.subscribe, rangefinder.getSnapshot);
}

/**
 * Calls `onReading` with each new reading of the serial rangefinder or the Bluetooth laser
 * while the component is mounted.
 */
export function useRangefinderReadings(onReading: (r: RangefinderReading) => void) {
  const ref = useRef(onReading);
  useEffect(() => {
    ref.current = onReading;
  });
  useEffect(() => {
    const offSerial = rangefinder.onReading((r) => ref.current(r));
    const offBluetooth = laserBluetooth.onReading((r) => ref.current(r));
    return () => {
      offSerial();
      offBluetooth();
    };
  }, []);
}
