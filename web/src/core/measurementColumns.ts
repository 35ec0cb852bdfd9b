// Measurements as columns, the layout the core reads (crates/core/src/survey/columns.rs):
// how 100,000 measurements cross into wasm without a JSON text per record.
//
// - numbers: NUMBER_COLUMNS values per measurement in a Float64Array, NaN for none;
// - text: the text values of every measurement one after the other, UTF-8 encoded once
//   (TextEncoder, native), with TEXT_COLUMNS lengths per measurement in an Int32Array
//   (UTF-16 code units, what `length` counts, so no value is encoded on its own; -1 for none);
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
const COLUMN_FIELDS = new Set<string>([...NUMBER_COLUMNS, ...TEXT_COLUMNS.slice(0, REST)]);
/** Text fields the core reads leniently (a whole number as its digits); the others are not. */
const NUMBER_AS_TEXT = new Set<string>(['id', 'user_id', 'utcDate', 'utcTime', 'roadNumber', 'poi_type', 'note', 'source']);

/** One batch of measurements in the core's column layout; `text` is UTF-8. */
export interface MeasurementColumns {
  count: number;
  numbers: Float64Array;
  text: Uint8Array;
  textLengths: Int32Array;
}

const utf8 = new TextEncoder();

/**
 * `measurements[start, end)` as columns. Each record's column fields are read by name (one
 * hidden class for the app's records, so these reads are fast); only a record with more
 * own keys than column fields present is walked key by key to find the others for REST.
 */
export function measurementColumns(measurements: readonly Measurement[], start = 0, end = measurements.length): MeasurementColumns {
  const count = Math.max(0, end - start);
  const numbers = new Float64Array(count * NN).fill(Number.NaN);
  const textLengths = new Int32Array(count * NT).fill(-1);
  const parts: string[] = [];
  const values: unknown[] = new Array<unknown>(NN + REST);
  for (let r = 0; r < count; r++) {
    const m = measurements[start + r] as Record<string, unknown>;
    values[0] = m.rel;
    values[1] = m.altGPS;
    values[2] = m.latitude;
    values[3] = m.longitude;
    values[4] = m.speed;
    values[5] = m.heading;
    values[6] = m.poiNumber;
    values[7] = m.widthMeasure;
    values[8] = m.lengthMeasure;
    values[9] = m.id;
    values[10] = m.user_id;
    values[11] = m.utcDate;
    values[12] = m.utcTime;
    values[13] = m.roadNumber;
    values[14] = m.poi_type;
    values[15] = m.note;
    values[16] = m.source;
    values[17] = m.imageUrl;
    values[18] = m.videoUrl;
    values[19] = m.drawingUrl;
    values[20] = m.createdAt;
    let present = 0;
    let rest: Record<string, unknown> | null = null;
    for (let i = 0; i < NN; i++) {
      const value = values[i];
      if (value === undefined) continue;
      present += 1;
      if (value === null) continue;
      if (typeof value === 'number' && (i !== POI_NUMBER || (Number.isInteger(value) && value >= 0 && value <= 0xffffffff))) {
        // Non-finite is none, as JSON.stringify would write it (null); -0 is written as 0.
        if (Number.isFinite(value)) numbers[r * NN + i] = value === 0 ? 0 : value;
      } else {
        (rest ??= {})[NUMBER_COLUMNS[i] as string] = value;
      }
    }
    // Text columns in column order: the text is read in that order.
    for (let i = 0; i < REST; i++) {
      const value = values[NN + i];
      if (value === undefined) continue;
      present += 1;
      if (value === null) continue;
      let t: string;
      if (typeof value === 'string') t = value;
      else if (typeof value === 'number' && Number.isSafeInteger(value) && NUMBER_AS_TEXT.has(TEXT_COLUMNS[i] as string)) t = String(value);
      else {
        (rest ??= {})[TEXT_COLUMNS[i] as string] = value;
        continue;
      }
      parts.push(t);
      textLengths[r * NT + i] = t.length;
    }
    let keys = 0;
    for (const key in m) if (m[key] !== undefined) keys += 1;
    if (keys > present) {
      // Fields of no column (undefined ones are left out, as JSON.stringify does).
      for (const key in m) if (!COLUMN_FIELDS.has(key) && m[key] !== undefined) (rest ??= {})[key] = m[key];
    }
    if (rest !== null) {
      const json = JSON.stringify(rest);
      parts.push(json);
      textLengths[r * NT + REST] = json.length;
    }
  }
  return { count, numbers, text: utf8.encode(parts.join('')), textLengths };
}
