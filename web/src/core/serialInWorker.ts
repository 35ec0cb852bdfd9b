// The GPS receiver's serial port read inside the NMEA worker, where the browser allows it
// (Chromium exposes Web Serial to dedicated workers). The port is chosen on the page (the
// browser's picker needs a click there); the worker then finds the same port among those it
// may use (`getPorts()`) by the USB or Bluetooth ids the page saw, opens it and reads it, so
// the receiver's bytes never cross the page's main thread. When the worker has no Web Serial,
// or not exactly one port matches (two identical adapters, a platform port beside another),
// or its open fails, it says so and the page opens and reads the port as before
// (services/serial/batchedReader.ts).

/** What identifies a port to another context: SerialPort.getInfo(). */
export interface PortInfo {
  usbVendorId?: number;
  usbProductId?: number;
  bluetoothServiceClassId?: number | string;
}

/** The part of a worker's SerialPort used here. */
export interface WorkerPort {
  getInfo(): PortInfo;
  open(options: { baudRate: number; dataBits: 8; stopBits: 1; parity: 'none' }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
}

export interface WorkerSerial {
  getPorts(): Promise<WorkerPort[]>;
}

/** How a read ended: null when the stream was done, else the DOMException's name and message. */
export type ReadEnd = { name: string; message: string } | null;

export interface PortSink {
  bytes(chunk: Uint8Array): void;
  /** Read `readId` ended by itself (not by `close`), after its last bytes. */
  ended(readId: number, end: ReadEnd): void;
}

const INFO_KEYS = ['usbVendorId', 'usbProductId', 'bluetoothServiceClassId'] as const;

export function samePort(a: PortInfo, b: PortInfo): boolean {
  return INFO_KEYS.every((key) => a[key] === b[key]);
}

const messageOf = (error: unknown) => (error instanceof Error || error instanceof DOMException ? error.message : String(error));

/** The worker's port: at most one open at a time, known by the read id it was opened as. */
export class WorkerPortReader {
  private port: WorkerPort | null = null;
  private openId: number | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private loop: Promise<void> = Promise.resolve();

  /** `serial`: the worker's Web Serial (navigator.serial), looked up at each open; null without one. */
  constructor(
    private readonly serial: () => WorkerSerial | null,
    private readonly sink: PortSink,
  ) {}

  /**
   * Opens the one port matching `info` (8N1 at `baudRate`) as `openId` (the read id of the
   * connection that asked), closing any port open before: null when open, else why the
   * worker cannot.
   */
  async open(openId: number, info: PortInfo, baudRate: number): Promise<string | null> {
    await this.close();
    const serial = this.serial();
    if (!serial) return 'no Web Serial in workers';
    let ports: WorkerPort[];
    try {
      ports = (await serial.getPorts()).filter((port) => samePort(port.getInfo(), info));
    } catch (error) {
      return `getPorts failed: ${messageOf(error)}`;
    }
    const [port] = ports;
    if (ports.length !== 1 || !port) return `${ports.length} ports match`;
    try {
      await port.open({ baudRate, dataBits: 8, stopBits: 1, parity: 'none' });
    } catch (error) {
      return `open failed: ${messageOf(error)}`;
    }
    this.port = port;
    this.openId = openId;
    return null;
  }

  /** Reads the port's current stream as read `readId` (a fresh one after an error the port survives). */
  read(readId: number): void {
    const readable = this.port?.readable ?? null;
    if (!readable) {
      this.sink.ended(readId, null);
      return;
    }
    const reader = readable.getReader();
    this.reader = reader;
    this.loop = (async () => {
      let end: ReadEnd = null;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (value?.byteLength) this.sink.bytes(value);
        }
      } catch (error) {
        end = { name: error instanceof Error || error instanceof DOMException ? error.name : 'Error', message: messageOf(error) };
      } finally {
        reader.releaseLock();
      }
      if (this.reader !== reader) return; // closed on purpose
      this.reader = null;
      this.sink.ended(readId, end);
    })();
  }

  /**
   * Stops reading (no `ended` follows) and closes the port. Given `openId`, only the port
   * opened as that id: a connection that gave up late must not close the one that followed it.
   */
  async close(openId?: number): Promise<void> {
    if (openId !== undefined && openId !== this.openId) return;
    const reader = this.reader;
    this.reader = null;
    try {
      await reader?.cancel();
    } catch {
      // the stream had already failed
    }
    await this.loop;
    const port = this.port;
    this.port = null;
    this.openId = null;
    try {
      await port?.close();
    } catch {
      // already closed, or unplugged
    }
  }
}
