import { describe, expect, it } from 'vitest';
import { samePort, WorkerPortReader, type PortInfo, type ReadEnd, type WorkerPort } from './serialInWorker';

const UBLOX: PortInfo = { usbVendorId: 0x1546, usbProductId: 0x01a7 };
const FTDI: PortInfo = { usbVendorId: 0x0403, usbProductId: 0x6001 };

class FakePort implements WorkerPort {
  opens: object[] = [];
  closes = 0;
  private stream: ReadableStream<Uint8Array> | null = null;
  controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  constructor(
    private readonly info: PortInfo,
    private readonly openError: Error | null = null,
  ) {}
  getInfo() {
    return this.info;
  }
  async open(options: object) {
    if (this.openError) throw this.openError;
    this.opens.push(options);
  }
  async close() {
    this.closes += 1;
  }
  get readable() {
    if (!this.opens.length) return null;
    this.stream ??= new ReadableStream<Uint8Array>({ start: (c) => (this.controller = c) });
    return this.stream;
  }
  send(text: string) {
    this.controller?.enqueue(new TextEncoder().encode(text));
  }
  /** The stream fails as Web Serial's does; the port then gives a fresh one. */
  fail(name: string) {
    this.controller?.error(new DOMException(`${name} (fake)`, name));
    this.stream = null;
  }
}

function reader(ports: FakePort[] | null) {
  const bytes: string[] = [];
  const ends: [number, ReadEnd][] = [];
  const serial = ports && { getPorts: async () => ports };
  const port = new WorkerPortReader(() => serial, {
    bytes: (chunk) => bytes.push(new TextDecoder().decode(chunk)),
    ended: (id, end) => ends.push([id, end]),
  });
  return { port, bytes, ends };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('samePort', () => {
  it('compares the USB and Bluetooth ids, an absent id included', () => {
    expect(samePort(UBLOX, { ...UBLOX })).toBe(true);
    expect(samePort(UBLOX, FTDI)).toBe(false);
    expect(samePort(UBLOX, { usbVendorId: 0x1546 })).toBe(false);
    expect(samePort({}, {})).toBe(true);
    expect(samePort({ bluetoothServiceClassId: 0x1101 }, {})).toBe(false);
  });
});

describe('WorkerPortReader', () => {
  it('opens the one port with the ids the page saw, 8N1 at the baud rate, and hands on its bytes', async () => {
    const gps = new FakePort(UBLOX);
    const other = new FakePort(FTDI);
    const { port, bytes, ends } = reader([other, gps]);
    expect(await port.open(1, UBLOX, 9600)).toBeNull();
    expect(gps.opens).toEqual([{ baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'none' }]);
    expect(other.opens).toEqual([]);
    port.read(1);
    gps.send('$GPGGA,1');
    gps.send('*00\r\n');
    await settle();
    expect(bytes).toEqual(['$GPGGA,1', '*00\r\n']);
    expect(ends).toEqual([]);
  });

  it.each([
    ['no Web Serial in the worker', null, 'no Web Serial in workers'],
    ['no port with those ids', [new FakePort(FTDI)], '0 ports match'],
    ['two identical adapters', [new FakePort(UBLOX), new FakePort(UBLOX)], '2 ports match'],
    ['its open fails', [new FakePort(UBLOX, new DOMException('Failed to open serial port.', 'NetworkError'))], 'open failed: Failed to open serial port.'],
  ])('%s: says why it cannot, and opens nothing', async (_case, ports, reason) => {
    const { port } = reader(ports);
    expect(await port.open(1, UBLOX, 4800)).toBe(reason);
    for (const p of ports ?? []) expect(p.opens).toEqual([]);
  });

  it('a read error ends the read with its name; after one the port survives, reading on takes its fresh stream', async () => {
    const gps = new FakePort(UBLOX);
    const { port, bytes, ends } = reader([gps]);
    await port.open(1, UBLOX, 4800);
    port.read(1);
    await settle();
    gps.fail('FramingError');
    await settle();
    expect(ends).toEqual([[1, { name: 'FramingError', message: 'FramingError (fake)' }]]);
    port.read(2);
    gps.send('$GPRMC');
    await settle();
    expect(bytes).toEqual(['$GPRMC']);
    gps.controller?.close();
    await settle();
    expect(ends.at(-1)).toEqual([2, null]);
  });

  it('close stops the read without reporting its end, and closes the port', async () => {
    const gps = new FakePort(UBLOX);
    const { port, ends } = reader([gps]);
    await port.open(1, UBLOX, 4800);
    port.read(1);
    await port.close();
    expect(gps.closes).toBe(1);
    expect(ends).toEqual([]);
    await port.close(); // nothing open: nothing happens
    expect(gps.closes).toBe(1);
  });

  it('a close for an earlier open leaves the port opened after it alone', async () => {
    const gps = new FakePort(UBLOX);
    const other = new FakePort(FTDI);
    const { port, bytes } = reader([gps, other]);
    expect(await port.open(1, UBLOX, 4800)).toBeNull();
    // The surveyor disconnected and chose another port before the first open was answered:
    // the new open replaces the first port, then the first connection's late close arrives.
    expect(await port.open(3, FTDI, 9600)).toBeNull();
    expect(gps.closes).toBe(1);
    port.read(3);
    await port.close(1);
    expect(other.closes).toBe(0);
    other.send('$GPGGA');
    await settle();
    expect(bytes).toEqual(['$GPGGA']);
    await port.close(3);
    expect(other.closes).toBe(1);
  });

  it('reading a port that has no stream ends the read at once', async () => {
    const { port, ends } = reader([]);
    port.read(3);
    expect(ends).toEqual([[3, null]]);
  });
});
