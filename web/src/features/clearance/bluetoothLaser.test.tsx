// The Bluetooth laser pipeline with the REAL core: notification bytes (the review's
// vectors) → the core's decoders → the reading listeners → a height field filled by
// `useRangefinderReadings`, the hook the capture form uses. The GATT device is a fake (no
// browser here has one); the UUIDs and the GLM command are typed from the review.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { loadClearanceCore } from '../../core/clearance';
import { loadCoreFromDisk } from '../../core/coreForTests';
import { bluetoothSupport, laserBluetooth, type BluetoothLike, type LaserCharacteristic } from './bluetoothLaser';
import { useRangefinderReadings } from './rangefinderController';

const DISTO_SERVICE = '3ab10100-f831-4395-b29d-570977d5bf94';
const GLM_SERVICE = '02a6c0d0-0451-4000-b000-fb3210111989';

beforeAll(loadCoreFromDisk);
afterEach(() => {
  cleanup();
  laserBluetooth.disconnect();
});

class FakeCharacteristic extends EventTarget implements LaserCharacteristic {
  value: DataView | null = null;
  written: number[][] = [];
  notifying = false;
  constructor(private initial: number[] = []) {
    super();
  }
  startNotifications() {
    this.notifying = true;
    return Promise.resolve(this);
  }
  readValue() {
    return Promise.resolve(new DataView(Uint8Array.from(this.initial).buffer));
  }
  writeValueWithResponse(value: BufferSource) {
    this.written.push([...new Uint8Array(value as ArrayBuffer)]);
    return Promise.resolve();
  }
  notify(bytes: number[]) {
    this.value = new DataView(Uint8Array.from(bytes).buffer);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

function fakeBluetooth(services: Record<string, Record<string, FakeCharacteristic>>) {
  const requests: unknown[] = [];
  const server = {
    connect: () => Promise.resolve(server),
    disconnect: () => {},
    getPrimaryService: (uuid: string) => {
      const chars = services[uuid];
      if (!chars) return Promise.reject(new Error(`no service ${uuid}`));
      return Promise.resolve({ getCharacteristic: (c: string) => (chars[c] ? Promise.resolve(chars[c]) : Promise.reject(new Error(`no ${c}`))) });
    },
  };
  const bluetooth: BluetoothLike = {
    requestDevice: (options) => {
      requests.push(options);
      return Promise.resolve(Object.assign(new EventTarget(), { name: 'test laser', gatt: server }));
    },
  };
  return { bluetooth, requests };
}

/** A height field filled by the rangefinder hook, as the capture form's is. */
function HeightField() {
  const [height, setHeight] = useState('');
  useRangefinderReadings((r) => setHeight(String(Math.round(r.metres * 1000) / 1000)));
  return <input aria-label="Height" value={height} readOnly />;
}

const floatBytes = (v: number) => [...new Uint8Array(new Float32Array([v]).buffer)];

it('a DISTO distance indication fills the height field (CaveSurvey vector 0.8097 m)', async () => {
  const distance = new FakeCharacteristic();
  const unit = new FakeCharacteristic([0]);
  const { bluetooth, requests } = fakeBluetooth({
    [DISTO_SERVICE]: { '3ab10101-f831-4395-b29d-570977d5bf94': distance, '3ab10102-f831-4395-b29d-570977d5bf94': unit },
  });
  render(<HeightField />);
  await act(() => laserBluetooth.connect(bluetooth, loadClearanceCore));
  expect(requests[0]).toEqual({ filters: [{ services: [DISTO_SERVICE] }, { services: [GLM_SERVICE] }], optionalServices: [DISTO_SERVICE, GLM_SERVICE] });
  expect(laserBluetooth.getSnapshot()).toMatchObject({ kind: 'connected', model: 'Leica DISTO' });
  expect(distance.notifying).toBe(true);
  // The signed bytes [-128, 72, 79, 63]: float32 LE 0.80969…, 0.8097 m to 0.1 mm, shown to the mm.
  act(() => distance.notify([0x80, 72, 79, 63]));
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('0.81');
  expect(laserBluetooth.getSnapshot().last?.metres).toBe(0.8097);
});

it('a DISTO set to feet is refused until it is set to metres', async () => {
  const distance = new FakeCharacteristic();
  const unit = new FakeCharacteristic([4]);
  const { bluetooth } = fakeBluetooth({
    [DISTO_SERVICE]: { '3ab10101-f831-4395-b29d-570977d5bf94': distance, '3ab10102-f831-4395-b29d-570977d5bf94': unit },
  });
  render(<HeightField />);
  await act(() => laserBluetooth.connect(bluetooth, loadClearanceCore));
  expect(laserBluetooth.getSnapshot().message).toBe('the DISTO is set to a unit other than metres (unit code 4); set it to metres');
  act(() => distance.notify([0x80, 72, 79, 63]));
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('');
  act(() => unit.notify([0]));
  act(() => distance.notify(floatBytes(4.25)));
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('4.25');
});

it('a GLM gets the autosync command, and a measurement frame (float32 at byte 7) fills the field', async () => {
  const glm = new FakeCharacteristic();
  const { bluetooth } = fakeBluetooth({ [GLM_SERVICE]: { '02a6c0d1-0451-4000-b000-fb3210111989': glm } });
  render(<HeightField />);
  await act(() => laserBluetooth.connect(bluetooth, loadClearanceCore));
  expect(laserBluetooth.getSnapshot()).toMatchObject({ kind: 'connected', model: 'Bosch GLM' });
  expect(glm.written).toEqual([[0xc0, 0x55, 0x02, 0x01, 0x00, 0x1a]]);
  // The device echoing a command is not a measurement: nothing is filled.
  act(() => glm.notify([0xc0, 0x55, 0x02, 0x01, 0x00, 0x1a]));
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('');
  act(() => glm.notify([0xc0, 0x55, 0x10, 0x06, 0, 0, 0, ...floatBytes(5.4321), 0, 0, 0, 0, 0, 0x3a]));
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('5.432');
  // A frame cut short is refused with the core's message, and fills nothing.
  act(() => glm.notify([0xc0, 0x55, 0x10, 0x06, 0, 0, 0, 1]));
  expect(laserBluetooth.getSnapshot().message).toBe('Laser reading refused: rangefinder payload is 8 bytes, expected 11');
  expect((screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement).value).toBe('5.432');
});

it('support: no API, no adapter, an adapter', async () => {
  expect(await bluetoothSupport(null)).toBe('no-api');
  const request = () => Promise.reject(new Error('unused'));
  expect(await bluetoothSupport({ getAvailability: () => Promise.resolve(false), requestDevice: request })).toBe('no-adapter');
  expect(await bluetoothSupport({ getAvailability: () => Promise.resolve(true), requestDevice: request })).toBe('supported');
});
