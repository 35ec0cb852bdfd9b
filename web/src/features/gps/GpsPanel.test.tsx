import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { NmeaEngine, NmeaHandlers } from '../../core/gps';
import { GpsController } from './gpsController';
import { GpsPanel } from './GpsPanel';
import { GpsControllerContext } from './useGps';

function renderPanel() {
  let handlers!: NmeaHandlers;
  const engine: NmeaEngine = { read: () => 1, push: () => {}, finish: () => {}, stop: async () => {}, reset: () => {} };
  const controller = new GpsController({
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    scheduleFrame: (fn) => setTimeout(fn, 16),
    geolocation: null,
    serial: { supported: true, requestAndOpen: () => Promise.reject(new Error('no')), close: async () => {}, classify: () => 'fatal' },
    createEngine: (h) => {
      handlers = h;
      return engine;
    },
    settings: { failsafeEnabled: true, baudRate: 4800, saveFailsafeEnabled: () => {}, saveBaudRate: () => {} },
  });
  controller.start();
  render(
    <GpsControllerContext.Provider value={controller}>
      <GpsPanel />
    </GpsControllerContext.Provider>,
  );
  return { controller, handlers };
}

const value = (label: string) => {
  const term = within(screen.getByRole('region', { name: 'GPS' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 5, 1, 6, 0, 0));
});
afterEach(() => vi.useRealTimers());

it('shows the fix by label, with the SPEC formats; the age ticks; a stale fix is flagged after 10 s', () => {
  const { handlers } = renderPanel();
  expect(screen.getByRole('alert')).toHaveTextContent('No GPS fix');
  act(() => {
    handlers.onUpdate({
      fix: {
        timeMs: 6 * 3600 * 1000,
        date: null,
        latitude: 45.5017,
        longitude: -73.5673,
        altitude: 35.04,
        speedKmh: 50.06,
        course: 40,
        satellites: 11,
        fixQuality: 'DGPS Fix',
        hdop: 0.8,
      },
      newPositions: 2,
      newSentences: 7,
      raw: ['$GPGGA,1', '$GPRMC,2'],
    });
    vi.advanceTimersByTime(16);
  });
  expect(value('Latitude')).toBe('45.501700');
  expect(value('Longitude')).toBe('-73.567300');
  expect(value('Altitude')).toBe('35.0 m');
  expect(value('Speed')).toBe('50.1 km/h');
  expect(value('Heading')).toBe('40.0°');
  expect(value('Satellites')).toBe('11');
  expect(value('HDOP')).toBe('0.8');
  expect(value('Fix')).toBe('DGPS Fix');
  expect(value('Source')).toBe('serial');
  expect(value('Time (UTC)')).toBe('06:00:00.000');
  expect(screen.getByRole('log', { name: 'Raw NMEA' })).toHaveTextContent('$GPGGA,1 $GPRMC,2');
  expect(screen.queryByRole('alert')).toBeNull();

  act(() => vi.advanceTimersByTime(3_000));
  expect(screen.getByText(/^\d+ s ago$/)).toHaveTextContent('3 s ago');
  act(() => vi.advanceTimersByTime(8_000));
  expect(screen.getByRole('alert')).toHaveTextContent('GPS fix is stale');
});

it('every control has a name; the failsafe switch is on by default', () => {
  const { controller } = renderPanel();
  expect(screen.getByRole('button', { name: 'Connect GPS' })).toBeEnabled();
  expect(screen.getByRole('combobox', { name: 'Baud rate' })).toHaveValue('4800');
  expect(screen.getByRole('combobox', { name: 'Playback speed' })).toBeInTheDocument();
  expect(screen.getByLabelText('Replay an NMEA log')).toHaveAttribute('type', 'file');
  const failsafe = screen.getByRole('switch', { name: 'Use browser location as failsafe' });
  expect(failsafe).toBeChecked();
  fireEvent.click(failsafe);
  expect(controller.latest().failsafeEnabled).toBe(false);
});
