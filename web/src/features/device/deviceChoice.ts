import { readFlag, writeFlag } from '../../services/storage/localFlags';

/**
 * Which app a mobile device runs: 'full' is the whole survey app at `/`; 'companion'
 * is the slave/companion app at `/slave` that feeds a surveyor's main device.
 */
export type DeviceChoice = 'full' | 'companion';

export const DEVICE_CHOICE_PATHS: Record<DeviceChoice, string> = {
  full: '/',
  companion: '/slave',
};

export function readDeviceChoice(): DeviceChoice | null {
  const value = readFlag('device_choice');
  return value === 'full' || value === 'companion' ? value : null;
}

export function saveDeviceChoice(choice: DeviceChoice): void {
  writeFlag('device_choice', choice);
}
