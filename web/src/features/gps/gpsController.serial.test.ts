// The GPS controller's serial connection: the port read on the page, or in the parser's
// worker where the browser allows it (the fakes: gpsControllerFakes.ts).
import { describe, expect, it, vi } from 'vitest';
import type { PortInfo } from '../../core/gps';
import { GPS_DISCONNECTED, GPS_PARSER_STOPPED, GPS_REPLAY_INTERRUPTED, PARSER_RESTART_WINDOW_MS, PARSER_RESTARTS, parserRestartedNotice } from './gpsController';
import { type FakeEngine, setup, withFakeClock } from './gpsControllerFakes';

withFakeClock();

/** The ids of the receiver's USB adapter (a u-blox), as SerialPort.getInfo() gives them. */
const INFO: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };

/** What the failing parser says in these tests. */
const FAILURE = 'The GPS parser failed: unreachable';

/** The newest parser fails `times` times in a row (each failure within the restart window starts another). */
function failNewest(engines: readonly FakeEngine[], times = 1): void {
  for (let i = 0; i < times; i += 1) nth(engines, -1).handlers.onFailure(FAILURE);
}

/** The parser started `i`-th (negative: from the newest). */
function nth(engines: readonly FakeEngine[], i: number): FakeEngine {
  const engine = engines.at(i);
  if (!engine) throw new Error(`no parser ${i} of ${engines.length}`);
  return engine;
}

/** A GGA log of `lines` sentences as a picked file; each read waits for `gate` first. */
function replayFile(lines: number, gate: Promise<void> = Promise.resolve()) {
  const text = Array.from({ length: lines }, (_, i) => `$GPGGA,1200${String(i).padStart(2, '0')},x\r\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const slice = (a?: number, b?: number) =>
    ({
      arrayBuffer: async () => {
        await gate;
        return bytes.slice(a, b).buffer;
      },
    }) as unknown as Blob;
  return { name: 'drive.log', size: bytes.length, slice };
}

describe('serial connection', () => {
  it('opens the port at the chosen baud rate and reads its stream on the page (a port that cannot say its ids)', async () => {
    const { controller, engine, port, frame, saved } = setup();
    controller.setBaudRate(38400);
    await controller.connect();
    frame();
    expect(port.opened).toEqual([38400]);
    expect(saved.baud).toBe(38400);
    expect(port.streams).toBe(1);
    expect(port.readable.locked).toBe(true); // being read
    expect(engine.ends).toEqual([]);
    expect(engine.serialOpens).toEqual([]); // without its ids the worker could not find the port
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 38400, recovered: 0 });
  });

  it.each(['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError'])('%s: reads the fresh port.readable and stays connected', async (name) => {
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    const first = port.readable;
    port.errored();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name, message: 'x' });
    frame();
    expect(port.streams).toBe(2);
    expect(port.readable).not.toBe(first);
    expect(port.readable.locked).toBe(true);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 1 });
  });

  it('a fatal read error (NetworkError): GPS disconnected, the port is released and closed', async () => {
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'The device has been lost.' });
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(port.streams).toBe(1);
    expect(port.readable.locked).toBe(false); // the read was cancelled before the port was closed
    expect(port.closed).toBe(1);
  });

  it("the port's disconnect event (unplugged): GPS disconnected", async () => {
    const { controller, port, frame } = setup();
    await controller.connect();
    port.dispatchEvent(new Event('disconnect'));
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: 'GPS disconnected' });
  });

  it("the port's bytes reach the parser in batches: one push per 100 ms, not one per driver chunk", async () => {
    const { controller, engine, port } = setup();
    await controller.connect();
    const text = '$GPGGA,060001.50,4530.102,N,07334.038,W,1,11,0.8,35.0,M,,M,,*4A\r\n'.repeat(20);
    const bytes = new TextEncoder().encode(text);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 64) }, (_, i) => bytes.slice(i * 64, i * 64 + 64));
    expect(chunks.length).toBeGreaterThan(20);
    port.send(...chunks);
    await vi.advanceTimersByTimeAsync(99);
    expect(engine.pushed).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.pushed).toHaveLength(1);
    expect(new TextDecoder().decode(engine.pushed[0])).toBe(text);

    port.send(bytes.slice(0, 10));
    port.end();
    await vi.advanceTimersByTimeAsync(0);
    // The last bytes go to the parser before the end of the stream, without waiting for the timer.
    expect(engine.pushed).toHaveLength(2);
    expect(new TextDecoder().decode(engine.pushed[1])).toBe(text.slice(0, 10));
    expect(engine.ends).toEqual([[1, null]]);
  });

  it('a read error reaches the parser as the end of the stream, with its name', async () => {
    const { controller, engine, port } = setup();
    await controller.connect();
    port.fail(new DOMException('The device has been lost.', 'NetworkError'));
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.ends).toEqual([[1, { name: 'NetworkError', message: 'The device has been lost.' }]]);
  });

  it('the end of a stream from an earlier connection is ignored', async () => {
    const { controller, engine, frame } = setup();
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 99, kind: 'ended' });
    frame();
    expect(controller.getSnapshot().serial.kind).toBe('connected');
  });
});

describe('serial connection read in the worker', () => {
  const setupWithIds = (workerOpens: boolean) => {
    const parts = setup();
    parts.engine.workerOpens = workerOpens;
    Object.assign(parts.port, { getInfo: () => INFO });
    return parts;
  };

  it("the worker opens the port the surveyor chose (by its ids, at the baud rate): the page neither opens nor reads it", async () => {
    const { controller, engine, port, frame } = setupWithIds(true);
    controller.setBaudRate(9600);
    await controller.connect();
    frame();
    expect(engine.serialOpens).toEqual([[1, INFO, 9600]]);
    expect(port.opened).toEqual([]);
    expect(port.streams).toBe(0);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 9600, recovered: 0 });

    await controller.disconnect();
    frame();
    expect(engine.serialCloses).toEqual([1]);
    expect(port.closed).toBe(0); // the page's port object was never opened
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
  });

  it('a read error the port survives: the worker reads on as a new read, and the old read is then ignored', async () => {
    const { controller, engine, frame } = setupWithIds(true);
    await controller.connect();
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'FramingError', message: 'x' });
    frame();
    expect(engine.serialReads).toEqual([2]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 1 });
    engine.handlers.onStreamEnd({ readId: 1, kind: 'ended' });
    frame();
    expect(controller.getSnapshot().serial.kind).toBe('connected');
    expect(engine.serialCloses).toEqual([]);
    // The close names the open (read 1), not the read now running (read 2): the worker knows its port by the first.
    await controller.disconnect();
    expect(engine.serialCloses).toEqual([1]);
  });

  it.each([
    ['a fatal read error', (engine: FakeEngine) => engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'The device has been lost.' })],
    ['the end of the stream', (engine: FakeEngine) => engine.handlers.onStreamEnd({ readId: 1, kind: 'ended' })],
    ["the port's disconnect event", (_engine: FakeEngine, port: EventTarget) => port.dispatchEvent(new Event('disconnect'))],
  ])('%s: GPS disconnected, and the worker closes the port', async (_name, end) => {
    const { controller, engine, port, frame } = setupWithIds(true);
    await controller.connect();
    end(engine, port);
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(engine.serialCloses).toEqual([1]);
  });

  it('Disconnect GPS while the worker is opening the port: idle, and the worker closes the port it then opened', async () => {
    const { controller, engine, port, frame } = setupWithIds(true);
    let answer = () => {};
    engine.openGate = new Promise((resolve) => (answer = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.latest().serial).toEqual({ kind: 'connecting' });
    await controller.disconnect();
    answer();
    await connecting;
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
    expect(engine.serialCloses).toEqual([1]);
    port.dispatchEvent(new Event('disconnect')); // no longer watched
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
  });

  it('the worker cannot open it: the page opens and reads the port, as read 1', async () => {
    const { controller, engine, port, frame } = setupWithIds(false);
    await controller.connect();
    frame();
    expect(engine.serialOpens).toEqual([[1, INFO, 4800]]);
    expect(port.opened).toEqual([4800]);
    expect(port.readable.locked).toBe(true);
    engine.handlers.onStreamEnd({ readId: 1, kind: 'error', name: 'NetworkError', message: 'lost' });
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'disconnected', message: GPS_DISCONNECTED });
    expect(port.closed).toBe(1);
    expect(engine.serialCloses).toEqual([]);
  });
});

describe('the parser fails for good (it failed again right after each of its restarts)', () => {
  /** A controller whose parser was already started again PARSER_RESTARTS times within the window. */
  const setupPastRestarts = async () => {
    const fixture = setup();
    for (let i = 0; i < PARSER_RESTARTS; i += 1) {
      nth(fixture.engines, -1).handlers.onFailure(FAILURE);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(fixture.engines).toHaveLength(PARSER_RESTARTS + 1);
    expect(fixture.controller.getSnapshot().coreError).toBeNull();
    return { ...fixture, engine: nth(fixture.engines, -1) };
  };

  it('while the worker reads the port: the connection says so, the worker is told to close that open, and Connect GPS says it again', async () => {
    const { controller, engine, port, frame } = await setupPastRestarts();
    engine.workerOpens = true;
    Object.assign(port, { getInfo: () => INFO });
    await controller.connect();
    engine.handlers.onFailure(FAILURE);
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().coreError).toBe(FAILURE);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
    expect(engine.serialCloses).toEqual([1]);
    port.dispatchEvent(new Event('disconnect')); // no longer watched
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });

    engine.serialOpens = [];
    await controller.connect();
    frame();
    expect(engine.serialOpens).toEqual([]); // no port asked for: nothing could read it
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
  });

  it('while the page reads the port: its read stops and the port is closed', async () => {
    const { controller, engine, port, frame } = await setupPastRestarts();
    await controller.connect();
    expect(port.readable.locked).toBe(true);
    engine.handlers.onFailure(FAILURE);
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
    expect(port.readable.locked).toBe(false);
    expect(port.closed).toBe(1);
  });

  it('while the worker is asked to open the port: the page does not open it to read into a dead parser', async () => {
    const { controller, engine, port, frame } = await setupPastRestarts();
    Object.assign(port, { getInfo: () => INFO });
    let answer = () => {};
    engine.openGate = new Promise((resolve) => (answer = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    engine.handlers.onFailure(FAILURE);
    answer(); // the engine answers false once its worker failed
    await connecting;
    frame();
    expect(port.opened).toEqual([]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
  });

  it('during a replay: the replay stops and says so; a new one is refused', async () => {
    const { controller, engine, frame } = await setupPastRestarts();
    // A minute of sentences, one a second: played in real time, still playing after the first.
    const file = replayFile(60);
    await controller.startReplay(file, 1);
    frame();
    expect(controller.getSnapshot().replay?.kind).toBe('playing');
    engine.handlers.onFailure(FAILURE);
    const pushed = engine.pushed.length;
    await vi.advanceTimersByTimeAsync(5_000);
    frame();
    expect(engine.pushed).toHaveLength(pushed);
    expect(controller.getSnapshot().replay).toEqual({ kind: 'failed', name: 'drive.log', message: GPS_PARSER_STOPPED });
    await controller.startReplay(file, 1);
    frame();
    expect(controller.getSnapshot().replay).toEqual({ kind: 'failed', name: 'drive.log', message: GPS_PARSER_STOPPED });
    expect(engine.pushed).toHaveLength(pushed);
  });
});

describe('a parser stopped for good stays stopped', () => {
  const stopped = async () => {
    const fixture = setup();
    failNewest(fixture.engines, PARSER_RESTARTS + 1);
    await vi.runAllTimersAsync();
    fixture.frame();
    expect(fixture.controller.getSnapshot().coreError).toBe(FAILURE);
    return { ...fixture, engine: nth(fixture.engines, -1) };
  };

  it('it ends, and a later report of it, even once the window has passed, starts no new parser', async () => {
    const { controller, engine, engines, frame } = await stopped();
    expect(engine.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(PARSER_RESTART_WINDOW_MS + 1);
    engine.handlers.onFailure('The GPS worker failed: its script did not load');
    frame();
    expect(engines).toHaveLength(PARSER_RESTARTS + 1);
    expect(controller.getSnapshot().parserNotice).toBeNull();
    expect(controller.getSnapshot().coreError).toBe(FAILURE);
  });

  it('a replay whose first chunk was being read when the parser stopped for good does not play into it', async () => {
    const fixture = setup();
    failNewest(fixture.engines, PARSER_RESTARTS);
    const { controller, engines, frame } = fixture;
    let read = () => {};
    const file = replayFile(1, new Promise<void>((resolve) => (read = resolve)));
    const starting = controller.startReplay(file, 1);
    await vi.advanceTimersByTimeAsync(0);
    failNewest(engines); // the last one: stopped for good
    read();
    await starting;
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().replay).toEqual({ kind: 'failed', name: 'drive.log', message: GPS_PARSER_STOPPED });
    expect(nth(engines, -1).pushed).toEqual([]);
  });
});

describe('the parser fails (its core trapped, or never loaded): it is started again', () => {

  it('while the worker reads the port: the failed parser closes its open and ends, a new one opens the same port, and the panel says what happened', async () => {
    const { controller, engine, engines, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    engine.workerOpens = true;
    controller.setBaudRate(9600);
    await controller.connect();
    expect(engine.serialOpens).toEqual([[1, INFO, 9600]]);
    engine.handlers.onFailure(FAILURE);
    expect(engines).toHaveLength(2);
    const next = nth(engines, 1);
    next.workerOpens = true;
    await vi.runAllTimersAsync();
    frame();
    expect(engine.serialCloses).toEqual([1]);
    expect(engine.terminated).toBe(true);
    expect(next.serialOpens).toEqual([[2, INFO, 9600]]);
    expect(port.opened).toEqual([]); // never on the page
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 9600, recovered: 0 });
    expect(controller.getSnapshot().coreError).toBeNull();
    expect(controller.getSnapshot().parserNotice).toBe(parserRestartedNotice(FAILURE));
    // The failed parser's late messages are not the new one's: they change nothing.
    engine.handlers.onFailure(FAILURE);
    engine.handlers.onStreamEnd({ readId: 2, kind: 'ended' });
    await vi.runAllTimersAsync();
    frame();
    expect(engines).toHaveLength(2);
    expect(controller.getSnapshot().serial.kind).toBe('connected');
    // Disconnecting closes the new parser's open.
    await controller.disconnect();
    expect(next.serialCloses).toEqual([2]);
  });

  it('while the page reads the port: the read stops, the port is closed and opened again, and its bytes reach the new parser', async () => {
    const { controller, engine, engines, port, frame } = setup();
    await controller.connect();
    engine.handlers.onFailure(FAILURE);
    await vi.runAllTimersAsync();
    frame();
    expect(engine.terminated).toBe(true);
    expect(port.closed).toBe(1);
    expect(port.opened).toEqual([4800, 4800]);
    expect(port.streams).toBe(2);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 0 });
    port.send(new TextEncoder().encode('$GPGGA,060000*00\r\n'));
    await vi.runAllTimersAsync();
    expect(nth(engines, 1).pushed.length).toBeGreaterThan(0);
    expect(engine.pushed).toEqual([]);
  });

  it('while the worker is asked to open the port: that open is given up, and the new parser opens the same port', async () => {
    const { controller, engine, engines, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    let answer = () => {};
    engine.openGate = new Promise((resolve) => (answer = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    engine.handlers.onFailure(FAILURE);
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connecting', reopening: true });
    answer(); // the failed worker's open ends (false)
    await connecting;
    await vi.runAllTimersAsync();
    frame();
    expect(engine.terminated).toBe(true);
    expect(nth(engines, 1).serialOpens).toEqual([[2, INFO, 4800]]);
    expect(port.opened).toEqual([4800]); // once, for the new parser (its worker has no Web Serial here)
    expect(port.readable.locked).toBe(true);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 0 });
    expect(controller.getSnapshot().parserNotice).toBe(parserRestartedNotice(FAILURE));
    const again = controller.connect(); // a new connect clears the notice
    await vi.runAllTimersAsync();
    await again;
    frame();
    expect(controller.getSnapshot().parserNotice).toBeNull();
  });

  it('while the port picker is open: the connect goes on with the new parser', async () => {
    const { controller, engine, engines, port, frame, holdPicker } = setup();
    const pick = holdPicker();
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    engine.handlers.onFailure(FAILURE);
    pick();
    await connecting;
    frame();
    expect(engine.terminated).toBe(true);
    expect(port.opened).toEqual([4800]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 0 });
    port.send(new TextEncoder().encode('$GPGGA,060000*00\r\n'));
    await vi.runAllTimersAsync();
    expect(nth(engines, 1).pushed.length).toBeGreaterThan(0);
  });

  it('failing again while the port is opened again: the port is passed on to the next parser, never dropped', async () => {
    const { controller, engine, engines, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    await controller.connect();
    engine.handlers.onFailure(FAILURE);
    let answer = () => {};
    nth(engines, 1).openGate = new Promise((resolve) => (answer = resolve));
    await vi.advanceTimersByTimeAsync(0);
    expect(nth(engines, 1).serialOpens).toHaveLength(1); // its open is in flight
    nth(engines, 1).handlers.onFailure(FAILURE);
    answer();
    await vi.runAllTimersAsync();
    frame();
    expect(engines).toHaveLength(3);
    expect(nth(engines, 1).terminated).toBe(true);
    expect(nth(engines, 2).serialOpens).toHaveLength(1);
    expect(port.readable.locked).toBe(true);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 0 });
  });

  it('disconnecting while the port is opened again: nothing is opened', async () => {
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    engine.handlers.onFailure(FAILURE);
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connecting', reopening: true });
    await controller.disconnect();
    await vi.runAllTimersAsync();
    frame();
    expect(port.opened).toEqual([4800]); // the first connect's only
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
  });

  it('the last allowed failure while the port is opened again on the page: it is closed, not read into a stopped parser', async () => {
    const { controller, engines, port, frame } = setup();
    failNewest(engines, PARSER_RESTARTS - 1);
    await controller.connect();
    let opened = () => {};
    port.openGate = new Promise((resolve) => (opened = resolve));
    failNewest(engines); // the last restart: the port is opened again...
    await vi.advanceTimersByTimeAsync(0);
    expect(port.opened).toEqual([4800, 4800]);
    failNewest(engines); // ...and the parser fails for good meanwhile
    opened();
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().coreError).toBe(FAILURE);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
    expect(port.closed).toBe(2);
    expect(port.streams).toBe(1); // the second open was never read
  });

  it('the parser fails for good while the failed one still closes the port: the port is not read into the stopped parser', async () => {
    const { controller, engines, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    failNewest(engines, PARSER_RESTARTS - 1);
    const reading = nth(engines, -1);
    reading.workerOpens = true;
    await controller.connect();
    let closed = () => {};
    reading.closeGate = new Promise((resolve) => (closed = resolve));
    reading.handlers.onFailure(FAILURE); // the last restart: the failed worker is still closing...
    failNewest(engines); // ...when the new parser fails for good
    closed();
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().coreError).toBe(FAILURE);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
    expect(port.opened).toEqual([]); // never opened on the page
    expect(nth(engines, -1).serialOpens).toEqual([]);
  });

  it('the parser fails for good while the port picker is open: the chosen port is not read', async () => {
    const { controller, engines, port, frame, holdPicker } = setup();
    failNewest(engines, PARSER_RESTARTS);
    const pick = holdPicker();
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    failNewest(engines);
    pick();
    await connecting;
    frame();
    expect(port.opened).toEqual([]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
  });

  it('disconnecting while the new parser opens the port, then it fails too: the port stays closed', async () => {
    const { controller, engine, engines, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    engine.workerOpens = true;
    await controller.connect();
    engine.handlers.onFailure(FAILURE);
    let answer = () => {};
    nth(engines, 1).openGate = new Promise((resolve) => (answer = resolve));
    await vi.advanceTimersByTimeAsync(0);
    expect(nth(engines, 1).serialOpens).toHaveLength(1); // the new parser's open is in flight
    await controller.disconnect();
    nth(engines, 1).handlers.onFailure(FAILURE);
    answer();
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'idle' });
    expect(nth(engines, 2).serialOpens).toEqual([]);
    expect(port.opened).toEqual([]);
  });

  it('a page open given up by a failure is closed before the next parser opens the port', async () => {
    const { controller, engine, engines, port, frame } = setup();
    let opened = () => {};
    port.openGate = new Promise((resolve) => (opened = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(port.opened).toEqual([4800]); // the page's open is in flight
    engine.handlers.onFailure(FAILURE);
    port.openGate = null;
    opened();
    await vi.runAllTimersAsync();
    await connecting;
    frame();
    expect(port.closed).toBe(1);
    expect(port.opened).toEqual([4800, 4800]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'connected', baudRate: 4800, recovered: 0 });
    expect(nth(engines, 1).terminated).toBe(false);
  });

  it('during a replay: the replay stops and says to start it again, and a new one plays into the new parser', async () => {
    const { controller, engine, engines, frame } = setup();
    const file = replayFile(60);
    await controller.startReplay(file, 1);
    engine.handlers.onFailure(FAILURE);
    const pushed = engine.pushed.length;
    await vi.advanceTimersByTimeAsync(5_000);
    frame();
    expect(engine.pushed).toHaveLength(pushed);
    expect(controller.getSnapshot().replay).toEqual({ kind: 'failed', name: 'drive.log', message: GPS_REPLAY_INTERRUPTED });
    await controller.startReplay(file, 1);
    await vi.advanceTimersByTimeAsync(5_000);
    frame();
    expect(controller.getSnapshot().replay?.kind).toBe('playing');
    expect(nth(engines, 1).pushed.length).toBeGreaterThan(0);
  });

  it(`at most ${PARSER_RESTARTS} times within the window; later failures are started again once the window has passed`, async () => {
    const { controller, engines, frame } = setup();
    for (let i = 0; i < PARSER_RESTARTS; i += 1) {
      failNewest(engines);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(engines).toHaveLength(PARSER_RESTARTS + 1);
    await vi.advanceTimersByTimeAsync(PARSER_RESTART_WINDOW_MS - PARSER_RESTARTS * 1_000 + 1);
    // The first restart left the window: one more is allowed.
    failNewest(engines);
    expect(engines).toHaveLength(PARSER_RESTARTS + 2);
    failNewest(engines);
    frame();
    expect(engines).toHaveLength(PARSER_RESTARTS + 2);
    expect(controller.getSnapshot().coreError).toBe(FAILURE);
    expect(controller.getSnapshot().parserNotice).toBeNull();
    await controller.connect();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
  });
});
