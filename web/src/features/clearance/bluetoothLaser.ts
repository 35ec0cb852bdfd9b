// Leica DISTO and Bosch GLM / PLR over Web Bluetooth (issue 15 point 4; review §1), where
// the browser has it: the device is requested by the review's service UUIDs (the core's
// constants), its notifications subscribed to, each payload decoded by the core, and each
// distance handed to the same listeners as the serial rangefinder (the capture form fills
// the height field or the current lane). A DISTO set to a unit other than metres is
// refused until it is set to metres; a GLM frame that is not a measurement is ignored.
import type { ClearanceCore, LaserSource } from '../../core/clearance';
import { loadClearanceCore } from '../../core/clearance';
import { ReadingSource, type RangefinderReading } from './readingSource';

/** The slice of Web Bluetooth used here (TypeScript's DOM library has no types for it). */
export interface LaserCharacteristic extends EventTarget {
  value?: DataView | null;
  startNotifications(): Promise<unknown>;
  readValue(): Promise<DataView>;
  writeValueWithResponse?(value: BufferSource): Promise<void>;
  writeValue?(value: BufferSource): Promise<void>;
}
interface LaserService {
  getCharacteristic(uuid: string): Promise<LaserCharacteristic>;
}
interface LaserServer {
  connect(): Promise<LaserServer>;
  getPrimaryService(uuid: string): Promise<LaserService>;
  disconnect(): void;
}
export interface LaserDevice extends EventTarget {
  name?: string;
  gatt?: LaserServer;
}
export interface BluetoothLike {
  getAvailability?(): Promise<boolean>;
  requestDevice(options: { filters: { services: string[] }[]; optionalServices: string[] }): Promise<LaserDevice>;
}

export type BluetoothSupport = 'supported' | 'no-api' | 'no-adapter';

/** The browser's Web Bluetooth, or null. */
export function browserBluetooth(): BluetoothLike | null {
  const nav = navigator as Navigator & { bluetooth?: BluetoothLike };
  return nav.bluetooth ?? null;
}

/** Whether a laser can be connected here: the API, then an adapter (when the browser says). */
export async function bluetoothSupport(bluetooth: BluetoothLike | null = browserBluetooth()): Promise<BluetoothSupport> {
  if (!bluetooth) return 'no-api';
  try {
    if (bluetooth.getAvailability && !(await bluetooth.getAvailability())) return 'no-adapter';
  } catch {
    return 'no-adapter';
  }
  return 'supported';
}

const bytesOf = (view: DataView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

/**
 * One notification through the core: a reading, a refusal (its message) or nothing (a GLM
 * frame that is not a measurement; a DISTO unit that is metres).
 */
export function decodeNotification(core: ClearanceCore, source: LaserSource, bytes: Uint8Array): { reading: RangefinderReading } | { refused: string } | null {
  try {
    const metres = core.decodeLaser(source, bytes);
    if (source === 'disto-unit' || metres === null) return null;
    return { reading: { metres, weak: false, kind: 'distance' } };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

export interface LaserBluetoothState {
  kind: 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed';
  model: 'Leica DISTO' | 'Bosch GLM' | null;
  device: string | null;
  message: string | null;
  last: RangefinderReading | null;
}

export class LaserBluetoothController extends ReadingSource<LaserBluetoothState> {
  constructor() {
    super({ kind: 'idle', model: null, device: null, message: null, last: null });
  }
  private device: LaserDevice | null = null;
  private unitRefused: string | null = null;


  /** Asks the browser for a DISTO or GLM (a user gesture must lead here), then listens to it. */
  async connect(bluetooth: BluetoothLike | null = browserBluetooth(), coreLoader: () => Promise<ClearanceCore> = loadClearanceCore) {
    if (this.state.kind === 'connecting' || this.state.kind === 'connected') return;
    this.set({ kind: 'connecting', message: null });
    try {
      if (!bluetooth) throw new Error('This browser has no Web Bluetooth.');
      const core = await coreLoader();
      const gatt = core.laserGatt();
      const device = await bluetooth.requestDevice({
        filters: [{ services: [gatt.distoService] }, { services: [gatt.glmService] }],
        optionalServices: [gatt.distoService, gatt.glmService],
      });
      if (!device.gatt) throw new Error('The device offers no Bluetooth LE services.');
      const server = await device.gatt.connect();
      this.device = device;
      this.unitRefused = null;
      device.addEventListener('gattserverdisconnected', () => this.set({ kind: 'disconnected', message: 'Laser disconnected.' }));
      const disto = await server.getPrimaryService(gatt.distoService).catch(() => null);
      if (disto) {
        const unit = await disto.getCharacteristic(gatt.distoUnit).catch(() => null);
        if (unit) {
          this.take(core, 'disto-unit', bytesOf(await unit.readValue()));
          await this.listen(core, unit, 'disto-unit');
        }
        await this.listen(core, await disto.getCharacteristic(gatt.distoDistance), 'disto-distance');
        this.set({ kind: 'connected', model: 'Leica DISTO', device: device.name ?? null });
        return;
      }
      const glm = await server.getPrimaryService(gatt.glmService);
      const characteristic = await glm.getCharacteristic(gatt.glmCharacteristic);
      await this.listen(core, characteristic, 'glm');
      const autosync = Uint8Array.from(gatt.glmAutosync);
      await (characteristic.writeValueWithResponse ?? characteristic.writeValue)?.call(characteristic, autosync);
      this.set({ kind: 'connected', model: 'Bosch GLM', device: device.name ?? null });
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotFoundError';
      this.set({ kind: cancelled ? 'idle' : 'failed', message: cancelled ? null : error instanceof Error ? error.message : String(error) });
    }
  }

  disconnect() {
    this.device?.gatt?.disconnect();
    this.device = null;
    this.set({ kind: 'idle', model: null, device: null });
  }

  private async listen(core: ClearanceCore, characteristic: LaserCharacteristic, source: LaserSource) {
    characteristic.addEventListener('characteristicvaluechanged', () => {
      if (characteristic.value) this.take(core, source, bytesOf(characteristic.value));
    });
    await characteristic.startNotifications();
  }

  private take(core: ClearanceCore, source: LaserSource, bytes: Uint8Array) {
    const out = decodeNotification(core, source, bytes);
    if (source === 'disto-unit') {
      this.unitRefused = out && 'refused' in out ? out.refused : null;
      this.set({ message: this.unitRefused });
      return;
    }
    if (!out) return;
    if ('refused' in out) {
      this.set({ message: `Laser reading refused: ${out.refused}` });
      return;
    }
    if (this.unitRefused) return;
    this.set({ last: out.reading, message: null });
    this.emit(out.reading);
  }
}

export const laserBluetooth = new LaserBluetoothController();
