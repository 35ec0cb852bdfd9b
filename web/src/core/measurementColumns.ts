// Measurements as columns, the layout the core reads (crates/core/src/survey/columns.rs):
// how 100,000 measurements cross into wasm without a JSON text per record.
//
// - numbers: NUMBER_COLUMNS values per measurement in a Float64Array, NaN for none;
// - text: the text values of every measurement one after the other in one string, with
//   TEXT_COLUMNS lengths per measurement (UTF-16 code units, -1 for none) in an Int32Array;
// - the last text column, REST, holds a JSON object of the measurement's other fields (rare
//   ones, unknown ones, and any value of an unexpected type, e.g. a height stored as text),
//   which the core reads leniently exactly as it would read the whole record.
// A value goes to its column or to REST, never both. The buffers are transferable.
import type { Measurement } from '../model';

/** The layout; the core's `measurementColumns()` must list the same (core tests check). */
export const NUMBER_COLUMNS = ['rel', 'altGPS', 'latitude', 'longitude', 'speed', 'heading', 'poiNumber', 'widthMeasure', 'lengthMeasure'] as const;
export const TEXT_COLUMNS = [
  'id',
  'user_id',
  'utcDate',
  'utcTime',
  'roadNumber',
  'poi_type',
  'note',
  'source',
  'imageUrl',
  'videoUrl',
  'drawingUrl',
  'createdAt',
  '(rest)',
] as const;

const NN = NUMBER_COLUMNS.length;
const NT = TEXT_COLUMNS.length;
const REST = NT - 1;
const POI_NUMBER = NUMBER_COLUMNS.indexOf('poiNumber');
const NUMBER_AT = new Map<string, number>(NUMBER_COLUMNS.map((name, i) => [name, i]));
const TEXT_AT = new Map<string, number>(TEXT_COLUMNS.slice(0, REST).map((name, i) => [name, i]));
/** Text fields the core reads leniently (a whole number as its digits); the others are not. */
const NUMBER_AS_TEXT = new Set(['id', 'user_id', 'utcDate', 'utcTime', 'roadNumber', 'poi_type', 'note', 'source']);

/** One batch of measurements in the core's column layout. */
export interface MeasurementColumns {
  count: number;
  numbers: Float64Array;
  text: string;
  textLengths: Int32Array;
}

/** `measurements[start, end)` as columns. */
export function measurementColumns(measurements: readonly Measurement[], start = 0, end = measurements.length): MeasurementColumns {
  const count = Math.max(0, end - start);
  const numbers = new Float64Array(count * NN).fill(Number.NaN);
  const textLengths = new Int32Array(count * NT).fill(-1);
  const parts: string[] = [];
  const row: (string | undefined)[] = new Array<string | undefined>(NT);
  for (let r = 0; r < count; r++) {
    const m = measurements[start + r] as Record<string, unknown>;
    row.fill(undefined);
    let rest: Record<string, unknown> | null = null;
    for (const key in m) {
      const value = m[key];
      if (value === undefined) continue; // as JSON.stringify: left out
      const n = NUMBER_AT.get(key);
      if (n !== undefined) {
        if (value === null) continue; // none
        if (typeof value === 'number' && (n !== POI_NUMBER || (Number.isInteger(value) && value >= 0 && value <= 0xffffffff))) {
          // Non-finite is none, as JSON.stringify would write it (null); -0 is written as 0.
          if (Number.isFinite(value)) numbers[r * NN + n] = value === 0 ? 0 : value;
        } else {
          (rest ??= {})[key] = value;
        }
        continue;
      }
      const t = TEXT_AT.get(key);
      if (t !== undefined) {
        if (value === null) continue; // none
        if (typeof value === 'string') row[t] = value;
        else if (typeof value === 'number' && Number.isSafeInteger(value) && NUMBER_AS_TEXT.has(key)) row[t] = String(value);
        else (rest ??= {})[key] = value;
        continue;
      }
      (rest ??= {})[key] = value;
    }
    if (rest !== null) row[REST] = JSON.stringify(rest);
    for (let t = 0; t < NT; t++) {
      const text = row[t];
      if (text === undefined) continue;
      parts.push(text);
      textLengths[r * NT + t] = text.length;
    }
  }
  return { count, numbers, text: parts.join(''), textLengths };
}
