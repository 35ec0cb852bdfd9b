// The GPS settings kept on this device (docs/app-shell.md lists the keys).
import { readFlag, writeFlag } from '../../services/storage/localFlags';
import { DEFAULT_BAUD_RATE, isBaudRate, type BaudRate } from '../../services/serial/webSerial';

/** SPEC §3 gps_failsafe_enabled: on unless the surveyor turned it off. */
export function readFailsafeEnabled(): boolean {
  return readFlag('gps_failsafe_enabled') !== 'false';
}

export function writeFailsafeEnabled(enabled: boolean): void {
  writeFlag('gps_failsafe_enabled', String(enabled));
}

export function readBaudRate(): BaudRate {
  const value = Number(readFlag('gps_baud_rate'));
  return isBaudRate(value) ? value : DEFAULT_BAUD_RATE;
}

export function writeBaudRate(baudRate: BaudRate): void {
  writeFlag('gps_baud_rate', String(baudRate));
}
