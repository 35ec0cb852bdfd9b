// A stand-in for Web Serial (headless Chromium's requestPort() never resolves). Installed
// with page.addInitScript(installFakeSerial, options): the function is serialised into the
// page, so it uses nothing from this module's scope. The test drives it through
// window.__fakeSerial (push bytes, fail the stream, unplug the device). Each requestPort()
// gives a new port (the GPS and the rangefinder each have their own): push / fail / unplug
// act on the latest, pushTo on the port chosen n-th (0 first).
//
// Every port says its USB ids (getInfo), as real ones do, so the app asks its NMEA worker to
// open the port there; Chromium's own Web Serial in that worker knows no permitted port, so
// the page reads it. useFakeWorkerSerial installs the same fake in the worker (evaluated
// there: nothing here touches `window`), offering the chosen port as Chromium's getPorts()
// does, so the worker opens and reads it: driven through the returned worker.
import { expect, type Page, type Worker } from '@playwright/test';

export interface FakeSerialOptions {
  /** Text the receiver sends as soon as a port is chosen. */
  initial?: string;
  /** Bytes per chunk, as a serial driver would deliver them. */
  chunkBytes?: number;
  /** getPorts() offers one port from the start (the worker's view of the port the page chose). */
  offer?: boolean;
}

export interface FakeSerialLog {
  requests: number;
  opens: number[];
  /** Each open's framing: data bits, parity, stop bits ('8N1'); '?' for what was not said. */
  framings: string[];
  closes: number;
  streams: number;
}

export function installFakeSerial(options: FakeSerialOptions) {
  const encoder = new TextEncoder();
  const chunkBytes = options.chunkBytes ?? 64;
  const log: FakeSerialLog = { requests: 0, opens: [], framings: [], closes: 0, streams: 0 };

  class FakePort extends EventTarget {
    private opened = false;

    getInfo() {
      return { usbVendorId: 0x067b, usbProductId: 0x2303 }; // a Prolific PL2303, as in the BU-353S4
    }
    private stream: ReadableStream<Uint8Array> | null = null;
    private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    private queue: Uint8Array[] = [];

    async open({ baudRate, dataBits, parity, stopBits }: { baudRate: number; dataBits?: number; parity?: string; stopBits?: number }) {
      if (this.opened) throw new DOMException('The port is already open.', 'InvalidStateError');
      log.opens.push(baudRate);
      log.framings.push(`${dataBits ?? '?'}${parity ? parity[0]!.toUpperCase() : '?'}${stopBits ?? '?'}`);
      this.opened = true;
    }

    async close() {
      if (this.stream?.locked) throw new TypeError('Cannot close a locked stream');
      log.closes += 1;
      this.opened = false;
      this.stream = null;
    }

    get readable(): ReadableStream<Uint8Array> | null {
      if (!this.opened) return null;
      if (!this.stream) {
        log.streams += 1;
        this.stream = new ReadableStream<Uint8Array>({
          start: (controller) => {
            this.controller = controller;
            for (const chunk of this.queue.splice(0)) controller.enqueue(chunk);
          },
          cancel: () => {
            this.stream = null;
            this.controller = null;
          },
        });
      }
      return this.stream;
    }

    push(text: string) {
      const bytes = encoder.encode(text);
      for (let i = 0; i < bytes.length; i += chunkBytes) {
        const chunk = bytes.slice(i, i + chunkBytes);
        if (this.controller) this.controller.enqueue(chunk);
        else this.queue.push(chunk);
      }
    }

    /** The current stream errors with a DOMException of this name (as Web Serial does). */
    fail(name: string) {
      this.controller?.error(new DOMException(`${name} (fake)`, name));
      this.controller = null;
      this.stream = null;
    }

    unplug() {
      this.fail('NetworkError');
      this.opened = false;
      this.dispatchEvent(new Event('disconnect'));
    }
  }

  let current: FakePort | null = null;
  const ports: FakePort[] = [];
  const choose = () => {
    current = new FakePort();
    ports.push(current);
    if (options.initial) current.push(options.initial);
    return current;
  };
  if (options.offer) choose();
  const serial = {
    async requestPort() {
      log.requests += 1;
      return choose();
    },
    async getPorts() {
      return [...ports];
    },
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
  (globalThis as unknown as { __fakeSerial: unknown }).__fakeSerial = {
    log,
    push: (text: string) => current?.push(text),
    pushTo: (port: number, text: string) => ports[port]?.push(text),
    fail: (name: string) => current?.fail(name),
    unplug: () => current?.unplug(),
  };
}

interface FakeSerialHandle {
  log: FakeSerialLog;
  push(text: string): void;
  pushTo(port: number, text: string): void;
  fail(name: string): void;
  unplug(): void;
}

export async function useFakeSerial(page: Page, options: FakeSerialOptions = {}) {
  await page.addInitScript(installFakeSerial, options);
}

/**
 * Installs the fake in the app's NMEA worker, offering one port with the page's ports' ids
 * (call before 'Connect GPS'). Returns the worker, to drive its port with the helpers below.
 */
export async function useFakeWorkerSerial(page: Page, options: FakeSerialOptions = {}): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => w.url().includes('nmea'))).toBe(true);
  const worker = page.workers().find((w) => w.url().includes('nmea'));
  if (!worker) throw new Error('no NMEA worker');
  await worker.evaluate(installFakeSerial, { ...options, offer: true });
  return worker;
}

/** The page, or the worker the fake was installed in (the two evaluate alike; TypeScript cannot call a union's overloads). */
type Scope = Page | Worker;
const on = (scope: Scope) => scope as Page;

export const serialLog = (scope: Scope) => on(scope).evaluate(() => (globalThis as unknown as { __fakeSerial: FakeSerialHandle }).__fakeSerial.log);
export const serialPush = (scope: Scope, text: string) =>
  on(scope).evaluate((t) => (globalThis as unknown as { __fakeSerial: FakeSerialHandle }).__fakeSerial.push(t), text);
/** Sends text on the port chosen `port`-th (0: the first requestPort()). */
export const serialPushTo = (scope: Scope, port: number, text: string) =>
  on(scope).evaluate(([p, t]) => (globalThis as unknown as { __fakeSerial: FakeSerialHandle }).__fakeSerial.pushTo(p as number, t as string), [port, text] as const);
export const serialFail = (scope: Scope, name: string) =>
  on(scope).evaluate((n) => (globalThis as unknown as { __fakeSerial: FakeSerialHandle }).__fakeSerial.fail(n), name);
export const serialUnplug = (scope: Scope) => on(scope).evaluate(() => (globalThis as unknown as { __fakeSerial: FakeSerialHandle }).__fakeSerial.unplug());
