// The app's one GPS controller, wired to the browser: started on first use and kept for
// the whole visit (the position is needed on every page, not only where it is shown).
import { startNmeaWorker } from '../../core/gps';
import { browserGeolocation } from '../../services/geolocation/geolocation';
import { classifyReadError, closePort, isSerialSupported, openPort, requestPort } from '../../services/serial/webSerial';
import { GpsController } from './gpsController';
import { readBaudRate, readFailsafeEnabled, writeBaudRate, writeFailsafeEnabled } from './gpsSettings';

let controller: GpsController | null = null;

export function gpsController(): GpsController {
  if (!controller) {
    controller = new GpsController({
      now: () => Date.now(),
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
      scheduleFrame: (callback) => window.requestAnimationFrame(() => callback()),
      geolocation: browserGeolocation(),
      serial: {
        supported: isSerialSupported(),
        request: requestPort,
        open: openPort,
        close: closePort,
        classify: classifyReadError,
      },
      createEngine: startNmeaWorker,
      settings: {
        failsafeEnabled: readFailsafeEnabled(),
        baudRate: readBaudRate(),
        saveFailsafeEnabled: writeFailsafeEnabled,
        saveBaudRate: writeBaudRate,
      },
    });
    controller.start();
  }
  return controller;
}
