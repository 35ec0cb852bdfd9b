// The GPS controller's serial connection: the port read on the page, or in the parser's
// worker where the browser allows it (the fakes: gpsControllerFakes.ts).
import { describe, expect, it, vi } from 'vitest';
import type { PortInfo } from '../../core/gps';
import { GPS_DISCONNECTED, GPS_PARSER_STOPPED } from './gpsController';
import { type FakeEngine, setup, withFakeClock } from './gpsControllerFakes';

withFakeClock();

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
  const INFO: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };
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

describe('the parser fails (its core trapped, or never loaded)', () => {
  const INFO: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };

  it('while the worker reads the port: the connection says so, the worker is told to close that open, and Connect GPS says it again', async () => {
    const { controller, engine, port, frame } = setup();
    engine.workerOpens = true;
    Object.assign(port, { getInfo: () => INFO });
    await controller.connect();
    engine.handlers.onFailure('The GPS parser failed: unreachable');
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().coreError).toBe('The GPS parser failed: unreachable');
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
    const { controller, engine, port, frame } = setup();
    await controller.connect();
    expect(port.readable.locked).toBe(true);
    engine.handlers.onFailure('The GPS parser failed: unreachable');
    await vi.runAllTimersAsync();
    frame();
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
    expect(port.readable.locked).toBe(false);
    expect(port.closed).toBe(1);
  });

  it('while the worker is asked to open the port: the page does not open it to read into a dead parser', async () => {
    const { controller, engine, port, frame } = setup();
    Object.assign(port, { getInfo: () => INFO });
    let answer = () => {};
    engine.openGate = new Promise((resolve) => (answer = resolve));
    const connecting = controller.connect();
    await vi.advanceTimersByTimeAsync(0);
    engine.handlers.onFailure('The GPS parser failed: unreachable');
    answer(); // the engine answers false once its worker failed
    await connecting;
    frame();
    expect(port.opened).toEqual([]);
    expect(controller.getSnapshot().serial).toEqual({ kind: 'failed', message: GPS_PARSER_STOPPED });
  });

  it('during a replay: the replay stops and says so; a new one is refused', async () => {
    const { controller, engine, frame } = setup();
    // A minute of sentences, one a second: played in real time, still playing after the first.
    const text = Array.from({ length: 60 }, (_, i) => `$GPGGA,1200${String(i).padStart(2, '0')},x\r\n`).join('');
    const bytes = new TextEncoder().encode(text);
    const file = { name: 'drive.log', size: bytes.length, slice: (a?: number, b?: number) => ({ arrayBuffer: async () => bytes.slice(a, b).buffer }) as unknown as Blob };
    await controller.startReplay(file, 1);
    frame();
    expect(controller.getSnapshot().replay?.kind).toBe('playing');
    engine.handlers.onFailure('The GPS parser failed: unreachable');
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
