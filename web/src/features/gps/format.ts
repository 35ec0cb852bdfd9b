// How the GPS panel writes values (SPEC §9 export formats where they apply).

export const MISSING = '—';

const fixed = (value: number | null, decimals: number, unit = '') =>
  value === null || !Number.isFinite(value) ? MISSING : `${value.toFixed(decimals)}${unit}`;

/** 6 decimals, as in exports: 45.501700. */
export const formatCoordinate = (degrees: number | null) => fixed(degrees, 6);
export const formatAltitude = (metres: number | null) => fixed(metres, 1, ' m');
export const formatSpeed = (kmh: number | null) => fixed(kmh, 1, ' km/h');
export const formatHeading = (degrees: number | null) => fixed(degrees, 1, '°');
export const formatHdop = (hdop: number | null) => fixed(hdop, 1);
/** PDOP and VDOP, as HDOP. */
export const formatDop = formatHdop;
/** Signal-to-noise ratio, dB-Hz: the mean with 1 decimal, the best (an integer) with none. */
export const formatSnr = (dbHz: number | null, decimals: number) => fixed(dbHz, decimals, ' dB-Hz');
export const formatCount = (count: number | null) => fixed(count, 0);

/** "just now", "4 s ago", "3 min ago", "2 h ago"; "never" without an update. */
export function formatAge(lastUpdate: number | null, now: number): string {
  if (lastUpdate === null) return 'never';
  const seconds = Math.max(0, Math.floor((now - lastUpdate) / 1000));
  if (seconds < 1) return 'just now';
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** GST's 1-sigma errors, metres: "lat 0.69 m · lon 0.47 m · alt 1.00 m"; the dash when none. */
export function formatPositionError(lat: number | null, lon: number | null, alt: number | null): string {
  const parts = (
    [
      ['lat', lat],
      ['lon', lon],
      ['alt', alt],
    ] as const
  ).flatMap(([axis, metres]) => (metres === null || !Number.isFinite(metres) ? [] : [`${axis} ${metres.toFixed(2)} m`]));
  return parts.length ? parts.join(' · ') : MISSING;
}

/** SPEC §5: a line not starting with '$' is ignored with a warning. The baud rate is the usual cause. */
export function notNmeaWarning(lines: number, serialConnected: boolean): string {
  const text = `${lines} line${lines === 1 ? '' : 's'} ignored (not NMEA)`;
  return serialConnected ? `${text} — check the baud rate` : text;
}
