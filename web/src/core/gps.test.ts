import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeCounts, decodeFix, startNmeaWorker, type WorkerLike } from './gps';
import { SERIAL_CLOSE_TIMEOUT_MS, SERIAL_OPEN_TIMEOUT_MS, type FromWorker, type ToWorker } from './nmeaProtocol';

/** Slots as the worker posts them: named by `nmeaStateFields()`, NaN for unknown. */
function slots(values: Record<string, number>) {
  // Not the core's order: decoding must go by name.
  const names = [...Object.keys(values), 'timeMs', 'date', 'fixQuality'].filter((n, i, all) => all.indexOf(n) === i).reverse();
  const state = new Float64Array(names.map((name) => values[name] ?? Number.NaN));
  return { state, index: new Map(names.map((name, i) => [name, i])) };
}

it('decodes the fix-quality details by name: fix type, DOPs, sky view, GST errors', () => {
  const { state, index } = slots({
    fixQuality: 2,
    fixType: 3,
    pdop: 1.25,
    vdop: 1.02,
    satsInView: 15,
    snrMean: 43.2,
    snrMax: 50,
    errLatM: 0.69,
    errLonM: 0.47,
    errAltM: 1,
  });
  expect(decodeFix(state, index)).toMatchObject({
    fixQuality: 'DGPS Fix',
    fixType: '3D',
    pdop: 1.25,
    vdop: 1.02,
    satsInView: 15,
    snrMean: 43.2,
    snrMax: 50,
    errLatM: 0.69,
    errLonM: 0.47,
    errAltM: 1,
  });
});

it('GSA fix type 1 is none, 2 is 2D; unknown values are null', () => {
  expect(decodeFix(slots({ fixType: 1 }).state, slots({ fixType: 1 }).index).fixType).toBe('none');
  expect(decodeFix(slots({ fixType: 2 }).state, slots({ fixType: 2 }).index).fixType).toBe('2D');
  const unknown = slots({});
  expect(decodeFix(unknown.state, unknown.index)).toMatchObject({ fixType: null, pdop: null, satsInView: null, errLatM: null });
});

it('decodes the link counters', () => {
  const { state, index } = slots({ badChecksum: 3, notNmea: 16, sentences: 200 });
  expect(decodeCounts(state, index)).toEqual({ badChecksum: 3, notNmea: 16 });
});

describe('the engine asks the worker to open and close the serial port', () => {
  /** A stand-in for the NMEA worker: records what it is sent, answers when told. */
  class FakeWorker {
    sent: ToWorker[] = [];
    private listeners: ((event: { data: FromWorker }) => void)[] = [];
    postMessage(message: ToWorker) {
      this.sent.push(message);
    }
    addEventListener(type: string, listener: (event: { data: FromWorker }) => void) {
      if (type === 'message') this.listeners.push(listener);
    }
    answer(data: FromWorker) {
      for (const listener of this.listeners) listener({ data });
    }
    last<T extends ToWorker['type']>(type: T) {
      return this.sent.filter((m): m is Extract<ToWorker, { type: T }> => m.type === type).at(-1);
    }
    /** The request number of the last message of `type` (which must have been sent). */
    reqOf(type: 'serial-open' | 'serial-close'): number {
      const message = this.last(type);
      if (!message) throw new Error(`no ${type} was sent`);
      return message.req;
    }
  }
  const INFO = { usbVendorId: 0x1546, usbProductId: 0x01a7 };

  function start() {
    const worker = new FakeWorker();
    const failures: string[] = [];
    const engine = startNmeaWorker(
      { onUpdate: () => {}, onStreamEnd: () => {}, onFailure: (message) => failures.push(message) },
      () => worker as unknown as WorkerLike,
    );
    worker.answer({ type: 'ready', fields: [] });
    return { worker, engine, failures };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opened: true; a reason: false, and nothing to close', async () => {
    const { worker, engine } = start();
    const opened = engine.openSerial(1, INFO, 9600);
    expect(worker.last('serial-open')).toMatchObject({ id: 1, info: INFO, baudRate: 9600 });
    worker.answer({ type: 'serial-opened', req: worker.reqOf('serial-open'), reason: null });
    expect(await opened).toBe(true);

    const declined = engine.openSerial(2, INFO, 4800);
    worker.answer({ type: 'serial-opened', req: worker.reqOf('serial-open'), reason: '2 ports match' });
    expect(await declined).toBe(false);
    expect(worker.last('serial-close')).toBeUndefined();
  });

  it('no answer in time: the worker is told to close whatever it may yet open, then the page reads the port', async () => {
    const { worker, engine } = start();
    const opened = engine.openSerial(1, INFO, 4800);
    await vi.advanceTimersByTimeAsync(SERIAL_OPEN_TIMEOUT_MS);
    const close = worker.reqOf('serial-close');
    expect(worker.last('serial-close')?.id).toBe(1); // that open's port only
    // A late answer to the open changes nothing.
    worker.answer({ type: 'serial-opened', req: worker.reqOf('serial-open'), reason: null });
    worker.answer({ type: 'serial-closed', req: close });
    expect(await opened).toBe(false);
  });

  it('the worker fails while opening: false at once, the port closed, and never asked again', async () => {
    const { worker, engine, failures } = start();
    const opened = engine.openSerial(1, INFO, 4800);
    worker.answer({ type: 'failed', message: 'The GPS parser failed: unreachable' });
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.last('serial-close')).toBeDefined();
    worker.answer({ type: 'serial-closed', req: worker.reqOf('serial-close') });
    expect(await opened).toBe(false);
    expect(failures).toEqual(['The GPS parser failed: unreachable']);
    const opens = worker.sent.filter((m) => m.type === 'serial-open').length;
    expect(await engine.openSerial(2, INFO, 4800)).toBe(false);
    expect(worker.sent.filter((m) => m.type === 'serial-open')).toHaveLength(opens);
  });

  it('terminate: the worker ends, an open waiting for it is false at once, and nothing is asked of it again', async () => {
    const worker = new FakeWorker();
    let ended = 0;
    const engine = startNmeaWorker({ onUpdate: () => {}, onStreamEnd: () => {}, onFailure: () => {} }, () =>
      Object.assign(worker as unknown as WorkerLike, { terminate: () => (ended += 1) }),
    );
    const opened = engine.openSerial(1, INFO, 4800);
    engine.terminate();
    expect(ended).toBe(1);
    expect(await opened).toBe(false);
    await engine.closeSerial(1); // settled at once: no timeout waited
    expect(await engine.openSerial(2, INFO, 4800)).toBe(false);
    expect(worker.sent.filter((m) => m.type === 'serial-close')).toEqual([]);
    expect(worker.sent.filter((m) => m.type === 'serial-open')).toHaveLength(1);
  });

  it('terminated: a failure already on its way is not reported', () => {
    const { worker, engine, failures } = start();
    engine.terminate();
    worker.answer({ type: 'failed', message: 'The GPS parser failed: unreachable' });
    expect(failures).toEqual([]);
  });

  it('a close is settled by its own answer, or after SERIAL_CLOSE_TIMEOUT_MS when the worker answers nothing', async () => {
    const { worker, engine } = start();
    let first = false;
    let second = false;
    void engine.closeSerial(1).then(() => (first = true));
    void engine.closeSerial(2).then(() => (second = true));
    const closes = worker.sent.filter((m) => m.type === 'serial-close');
    expect(closes.map((m) => m.id)).toEqual([1, 2]);
    worker.answer({ type: 'serial-closed', req: worker.reqOf('serial-close') });
    await vi.advanceTimersByTimeAsync(0);
    expect([first, second]).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(SERIAL_CLOSE_TIMEOUT_MS);
    expect(first).toBe(true);
  });
});

describe('the worker fails outside the parser', () => {
  function startWith() {
    const target = new EventTarget();
    const worker = Object.assign(target, { postMessage: () => {} });
    const failures: string[] = [];
    startNmeaWorker({ onUpdate: () => {}, onStreamEnd: () => {}, onFailure: (message) => failures.push(message) }, () => worker as unknown as WorkerLike);
    return { worker, failures };
  }

  it('a script that threw: its message', () => {
    const { worker, failures } = startWith();
    worker.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught SyntaxError: Unexpected token' }));
    expect(failures).toEqual(['The GPS worker failed: Uncaught SyntaxError: Unexpected token']);
  });

  it('a script that did not load (a plain error event, no message): says so, never "undefined"', () => {
    const { worker, failures } = startWith();
    worker.dispatchEvent(new Event('error'));
    expect(failures).toEqual(['The GPS worker failed: its script did not load']);
  });
});
