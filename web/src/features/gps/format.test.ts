import { expect, it } from 'vitest';
import { formatAge, formatCoordinate, formatHdop, formatSpeed, MISSING } from './format';

it('coordinates with 6 decimals, speed with 1 and km/h, HDOP with 1; missing values as a dash', () => {
  expect(formatCoordinate(45.5017)).toBe('45.501700');
  expect(formatCoordinate(-93.7505977893)).toBe('-93.750598');
  expect(formatSpeed(36)).toBe('36.0 km/h');
  expect(formatHdop(10 / 5)).toBe('2.0');
  expect(formatCoordinate(null)).toBe(MISSING);
  expect(formatSpeed(Number.NaN)).toBe(MISSING);
});

it('the age of the last update', () => {
  expect(formatAge(null, 1000)).toBe('never');
  expect(formatAge(1000, 1500)).toBe('just now');
  expect(formatAge(1000, 3_900)).toBe('2 s ago');
  expect(formatAge(0, 125_000)).toBe('2 min ago');
  expect(formatAge(0, 3 * 3_600_000)).toBe('3 h ago');
});
