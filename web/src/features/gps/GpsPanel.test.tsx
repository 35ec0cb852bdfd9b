import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { NmeaEngine, NmeaFix, NmeaHandlers } from '../../core/gps';
import { GPS_PARSER_STOPPED, GpsController, PARSER_RESTARTS, parserRestartedNotice, RENDER_INTERVAL_MS } from './gpsController';
import { GpsPanel } from './GpsPanel';
import { GpsControllerContext } from './useGps';

/** A serial port that opens at once and stays silent (the test feeds the parser's output). */
const silentPort = () =>
  Object.assign(new EventTarget(), { readable: new ReadableStream<Uint8Array>(), open: async () => {}, close: async () => {} });

function renderPanel({ port = null as ReturnType<typeof silentPort> | null, open = async () => {} } = {}) {
  let handlers!: NmeaHandlers;
  const engine: NmeaEngine = {
    push: () => {},
    finish: () => {},
    endStream: () => {},
    reset: () => {},
    openSerial: async () => false,
    readSerial: () => {},
    closeSerial: async () => {},
    terminate: () => {},
  };
  const controller = new GpsController({
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    scheduleFrame: (fn) => setTimeout(fn, 16),
    geolocation: null,
    serial: {
      supported: true,
      request: () => (port ? Promise.resolve(port) : Promise.reject(new Error('no'))),
      open: () => open(),
      close: async () => {},
      classify: () => 'fatal',
    },
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
  // The current parser's handlers (a parser started again after a failure has new ones).
  const current: NmeaHandlers = {
    onUpdate: (update) => handlers.onUpdate(update),
    onStreamEnd: (end) => handlers.onStreamEnd(end),
    onFailure: (message) => handlers.onFailure(message),
  };
  return { controller, handlers: current };
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
        fixType: '3D',
        pdop: 1.25,
        vdop: 1.02,
        satsInView: 15,
        snrMean: 42.6,
        snrMax: 50,
        errLatM: 0.69,
        errLonM: 0.47,
        errAltM: 1,
      },
      counts: { badChecksum: 0, notNmea: 0 },
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
  expect(screen.queryByText(/ignored \(not NMEA\)/)).toBeNull();

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

const NO_POSITION: NmeaFix = {
  timeMs: 6 * 3600 * 1000,
  date: null,
  latitude: null,
  longitude: null,
  altitude: null,
  speedKmh: null,
  course: null,
  satellites: 0,
  fixQuality: 'No Fix',
  hdop: null,
  fixType: null,
  pdop: null,
  vdop: null,
  satsInView: null,
  snrMean: null,
  snrMax: null,
  errLatM: null,
  errLonM: null,
  errAltM: null,
};

it('the fix quality details by label: fix type, DOPs, satellites in view, SNR, GST error, link counts', () => {
  const { handlers } = renderPanel();
  // Before any serial data, every detail is a dash.
  for (const label of ['Fix type', 'PDOP', 'VDOP', 'Satellites in view', 'Mean SNR', 'Best SNR', 'Position error (1σ)']) {
    expect(value(label), label).toBe('—');
  }
  expect(value('Bad checksums')).toBe('0');
  expect(value('Lines not NMEA')).toBe('0');
  act(() => {
    handlers.onUpdate({
      fix: {
        ...NO_POSITION,
        latitude: 41.897665,
        longitude: -87.643945,
        fixQuality: 'DGPS Fix',
        fixType: '2D',
        pdop: 1.25,
        vdop: 1.02,
        satsInView: 15,
        snrMean: 42.625,
        snrMax: 50,
        errLatM: 0.69,
        errLonM: 0.47,
        errAltM: 1,
      },
      counts: { badChecksum: 3, notNmea: 0 },
      newPositions: 1,
      newSentences: 9,
      raw: null,
    });
    vi.advanceTimersByTime(16);
  });
  expect(value('Fix type')).toBe('2D');
  expect(value('PDOP')).toBe('1.3');
  expect(value('VDOP')).toBe('1.0');
  expect(value('Satellites in view')).toBe('15');
  expect(value('Mean SNR')).toBe('42.6 dB-Hz');
  expect(value('Best SNR')).toBe('50 dB-Hz');
  expect(value('Position error (1σ)')).toBe('lat 0.69 m · lon 0.47 m · alt 1.00 m');
  expect(value('Bad checksums')).toBe('3');
  // A receiver without GST: only what it reports.
  act(() => {
    handlers.onUpdate({
      fix: { ...NO_POSITION, latitude: 41.9, longitude: -87.6, fixQuality: 'GPS Fix', errLatM: null, errLonM: null, errAltM: 2.5 },
      counts: { badChecksum: 3, notNmea: 0 },
      newPositions: 1,
      newSentences: 2,
      raw: null,
    });
    // The receiver's next report is shown RENDER_INTERVAL_MS after the previous one.
    vi.advanceTimersByTime(RENDER_INTERVAL_MS + 16);
  });
  expect(value('Position error (1σ)')).toBe('alt 2.50 m');
  expect(value('Fix type')).toBe('—');
});

it('lines that are not NMEA: counted, with a visible warning that names the baud rate while a port is connected', async () => {
  const first = renderPanel();
  act(() => {
    first.handlers.onUpdate({ fix: NO_POSITION, counts: { badChecksum: 0, notNmea: 1 }, newPositions: 0, newSentences: 0, raw: null });
    vi.advanceTimersByTime(16);
  });
  expect(screen.getByRole('status')).toHaveTextContent(/^1 line ignored \(not NMEA\)$/);
  expect(value('Lines not NMEA')).toBe('1');
  // Noise alone is not NMEA data: the source stays none.
  expect(value('Source')).toBe('none');
  cleanup();

  const { handlers } = renderPanel({ port: silentPort() });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Connect GPS' }));
    await vi.advanceTimersByTimeAsync(16);
  });
  act(() => {
    handlers.onUpdate({ fix: NO_POSITION, counts: { badChecksum: 0, notNmea: 37 }, newPositions: 0, newSentences: 0, raw: null });
    vi.advanceTimersByTime(16);
  });
  expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('37 lines ignored (not NMEA) — check the baud rate');
});

it("serial data without a position: the source is serial and the panel keeps its 'No GPS fix' warning", () => {
  const { handlers } = renderPanel();
  act(() => {
    handlers.onUpdate({ fix: NO_POSITION, counts: { badChecksum: 0, notNmea: 0 }, newPositions: 0, newSentences: 5, raw: ['$GPGGA,060000,,,,,0,00,,,M,,M,,*7B'] });
    vi.advanceTimersByTime(16);
  });
  expect(value('Source')).toBe('serial');
  expect(value('Fix')).toBe('No Fix');
  expect(value('Latitude')).toBe('—');
  expect(screen.getByRole('alert')).toHaveTextContent('No GPS fix');
});

it('a receiver that keeps talking after losing its position: the age keeps ticking and the fix is flagged stale after 10 s', () => {
  const { handlers } = renderPanel();
  const position = { ...NO_POSITION, latitude: 45.5017, longitude: -73.5673, fixQuality: 'GPS Fix' as const };
  act(() => {
    handlers.onUpdate({ fix: position, counts: { badChecksum: 0, notNmea: 0 }, newPositions: 1, newSentences: 7, raw: null });
    vi.advanceTimersByTime(16);
  });
  expect(screen.getByTestId('gps-age')).toHaveTextContent('just now');
  // Sentences without a position every 500 ms (the panel re-renders with each): 11 s of them.
  for (let i = 0; i < 22; i++) {
    act(() => {
      handlers.onUpdate({ fix: position, counts: { badChecksum: 0, notNmea: 0 }, newPositions: 0, newSentences: 3, raw: null });
      vi.advanceTimersByTime(500);
    });
    if (i === 7) expect(screen.getByTestId('gps-age')).toHaveTextContent('4 s ago');
  }
  expect(screen.getByTestId('gps-age')).toHaveTextContent('11 s ago');
  expect(screen.getByRole('alert')).toHaveTextContent('GPS fix is stale');
});

it('the parser failing while a port is read: the panel says it was started again, and the port is read again', async () => {
  const port = silentPort();
  const { controller, handlers } = renderPanel({ port });
  await act(async () => {
    await controller.connect();
    vi.advanceTimersByTime(16);
  });
  await act(async () => {
    handlers.onFailure('The GPS parser failed: unreachable');
    await vi.advanceTimersByTimeAsync(16);
  });
  expect(screen.getByText(parserRestartedNotice('The GPS parser failed: unreachable'))).toHaveAttribute('role', 'status');
  expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).not.toContain(GPS_PARSER_STOPPED);
  expect(screen.getByText(/^Serial GPS connected at 4800 baud/)).toBeInTheDocument();
});

it('the parser failing again and again while a port is read: the panel says why, and that the connection stopped', async () => {
  const { controller, handlers } = renderPanel({ port: silentPort() });
  await act(async () => {
    await controller.connect();
    vi.advanceTimersByTime(16);
  });
  expect(screen.getByText(/^Serial GPS connected at 4800 baud/)).toBeInTheDocument();
  for (let failure = 0; failure <= PARSER_RESTARTS; failure += 1) {
    await act(async () => {
      handlers.onFailure('The GPS parser failed: unreachable');
      await vi.advanceTimersByTimeAsync(16);
    });
  }
  const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
  expect(alerts).toContain('The GPS parser failed: unreachable');
  expect(alerts).toContain(GPS_PARSER_STOPPED);
  expect(screen.queryByText(/^Serial GPS connected/)).toBeNull();
});

it('while the parser is started again, the port is opened again with no picker: the panel says so and offers Disconnect GPS', async () => {
  let opening: Promise<void> | null = null;
  const { controller, handlers } = renderPanel({ port: silentPort(), open: () => opening ?? Promise.resolve() });
  await act(async () => {
    await controller.connect();
    vi.advanceTimersByTime(16);
  });
  let opened = () => {};
  opening = new Promise((resolve) => (opened = resolve));
  await act(async () => {
    handlers.onFailure('The GPS parser failed: unreachable');
    await vi.advanceTimersByTimeAsync(16);
  });
  expect(screen.getByText("Opening the GPS receiver's port again…")).toHaveAttribute('role', 'status');
  expect(screen.queryByText("Choose the GPS receiver's port…")).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect GPS' }));
    opened();
    await vi.advanceTimersByTimeAsync(16);
  });
  expect(screen.getByRole('button', { name: 'Connect GPS' })).toBeEnabled();
  expect(screen.queryByText(/^Serial GPS connected/)).toBeNull();
});
