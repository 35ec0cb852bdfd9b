// The NMEA worker's message handling, run in this thread: `self` is a fake worker scope,
// `navigator.serial` a fake port list, and the core's parser a stand-in that traps (as a
// wasm `unreachable` does) on the bytes 'TRAP'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from './nmeaProtocol';
import type { PortInfo, WorkerPort } from './serialInWorker';

vi.mock('./pkg/clearway_wasm.js', () => ({
  default: async () => undefined,
  nmeaStateFields: () => 'positions,valid,sentences,notNmea,overlong',
  NmeaStream: class {
    pushed = 0;
    push(bytes: Uint8Array) {
      if (new TextDecoder().decode(bytes).includes('TRAP')) throw new Error('unreachable');
      this.pushed += 1;
    }
    readState(state: Float64Array) {
      state[0] = this.pushed;
    }
    rawSentences() {
      return '';
    }
    finish() {}
    free() {}
  },
}));

const UBLOX: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };
const FTDI: PortInfo = { usbVendorId: 0x0403, usbProductId: 0x6001 };

class FakePort implements WorkerPort {
  closes = 0;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  readonly readable = new ReadableStream<Uint8Array>({ start: (c) => (this.controller = c) });
  constructor(private readonly info: PortInfo) {}
  getInfo() {
    return this.info;
  }
  async open() {}
  async close() {
    this.closes += 1;
  }
  send(text: string) {
    this.controller?.enqueue(new TextEncoder().encode(text));
  }
}

let posted: FromWorker[] = [];
let listener: ((event: { data: ToWorker }) => void) | null = null;
const send = (data: ToWorker) => listener?.({ data });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits (a few turns at most) for a message of `type` from the worker. */
async function next<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>> {
  for (let turn = 0; turn < 20; turn += 1) {
    const found = posted.find((m): m is Extract<FromWorker, { type: T }> => m.type === type);
    if (found) return found;
    await settle();
  }
  throw new Error(`the worker posted no ${type}: ${JSON.stringify(posted.map((m) => m.type))}`);
}

async function startWorker(ports: FakePort[]) {
  posted = [];
  vi.stubGlobal('self', {
    postMessage: (message: FromWorker) => posted.push(message),
    addEventListener: (_type: string, fn: typeof listener) => (listener = fn),
  });
  vi.stubGlobal('navigator', { serial: { getPorts: async () => ports } });
  vi.resetModules();
  await import('./nmea.worker');
  await next('ready');
}

beforeEach(() => {
  listener = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('the NMEA worker reading the port', () => {
  it('a parser trap on the port’s bytes is said as the parser’s failure: the port is released, and closes are still answered', async () => {
    const gps = new FakePort(UBLOX);
    await startWorker([gps]);
    send({ type: 'serial-open', req: 1, id: 1, info: UBLOX, baudRate: 4800 });
    expect(await next('serial-opened')).toEqual({ type: 'serial-opened', req: 1, reason: null });
    gps.send('TRAP');
    expect((await next('failed')).message).toBe('The GPS parser failed: unreachable');
    expect(gps.closes).toBe(1);
    expect(posted.filter((m) => m.type === 'stream-error' || m.type === 'stream-ended')).toEqual([]);
    send({ type: 'serial-close', req: 2, id: 1 });
    expect(await next('serial-closed')).toEqual({ type: 'serial-closed', req: 2 });
  });

  it('a late close of an earlier open leaves the port opened after it reading', async () => {
    const first = new FakePort(UBLOX);
    const second = new FakePort(FTDI);
    await startWorker([first, second]);
    send({ type: 'serial-open', req: 1, id: 1, info: UBLOX, baudRate: 4800 });
    send({ type: 'serial-open', req: 2, id: 2, info: FTDI, baudRate: 9600 });
    send({ type: 'serial-close', req: 3, id: 1 });
    expect(await next('serial-closed')).toEqual({ type: 'serial-closed', req: 3 });
    expect(first.closes).toBe(1); // replaced by the second open
    expect(second.closes).toBe(0);
    second.send('$GPGGA');
    const snapshot = await next('snapshot');
    expect(snapshot.state[0]).toBe(1);
    send({ type: 'serial-close', req: 4, id: 2 });
    await settle();
    await settle();
    expect(second.closes).toBe(1);
  });
});
