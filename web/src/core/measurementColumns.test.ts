// Measurements crossing as columns (measurementColumns.ts → crates/core/src/survey/columns.rs)
// read back exactly as the core reads each record's JSON text on its own (the path the
// columns replace; serde-wasm-bindgen, sharing nothing with the columns), through the REAL
// wasm build.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Measurement } from '../model';
import { loadCoreFromDisk } from './coreForTests';
import { NUMBER_COLUMNS, TEXT_COLUMNS, measurementColumns } from './measurementColumns';
import { SurveyRecords, csvRows, measurementColumns as coreColumns, normaliseMeasurement } from './pkg/clearway_wasm.js';

beforeAll(loadCoreFromDisk);

/** Records of every shape the store may hold, old versions' included. */
const RECORDS = [
  {
    id: 'm-1', user_id: 's-1', rel: 4.25, altGPS: '101.5', latitude: -33.8688, longitude: 151.2093, speed: 42, heading: 270.5,
    roadNumber: 12, poiNumber: '7', poi_type: 'powerLine', note: 'sag, at mid-span', widthMeasure: 3.5, lengthMeasure: null,
    createdAt: '2024-05-01T08:00:00.000Z', cameraTilt: { deg: 2 }, nothing: null,
  },
  { id: 'm-2', note: 'épaule 🚧 "quoted"\r\nline two', source: '', imageUrl: 'blob:x', createdAt: 1714550400000, frameIndex: 3, rel: -0 },
  {},
  { id: 17, user_id: null, poi_type: '', source: 'slaveApp', drawingUrl: null, latitude: Number.NaN, longitude: Infinity, unset: undefined },
  { id: 'm-5', poiNumber: 4294967295, roadNumber: 'A20', utcDate: '2024-05-01', utcTime: '08:00:00', videoUrl: 'videoBlobs:v1', groundRef: 'kerb' },
] as unknown as Measurement[];

describe('measurement columns', () => {
  it('use the layout the core reads', () => {
    expect(coreColumns()).toBe(`${NUMBER_COLUMNS.join(',')}|${TEXT_COLUMNS.join(',')}`);
  });

  it('read back as the core reads each record on its own', () => {
    const records = new SurveyRecords({ id: 's-1', name: 'Columns' });
    try {
      const { numbers, text, textLengths } = measurementColumns(RECORDS);
      records.addMeasurements(numbers, text, textLengths);
      const doc = JSON.parse(new TextDecoder().decode(records.export('json'))) as { measurements: unknown[] };
      // The reference is the old path: the record as JSON text (undefined left out, NaN as
      // null), read by the core on its own.
      const one = RECORDS.map((m) => JSON.parse(JSON.stringify(normaliseMeasurement(JSON.parse(JSON.stringify(m))))) as unknown);
      expect(doc.measurements).toEqual(one);
      expect(doc.measurements[1]).toMatchObject({ note: 'épaule 🚧 "quoted"\r\nline two', source: 'manual', createdAt: 1714550400000, rel: 0 });
      expect(doc.measurements[0]).toMatchObject({ altGPS: 101.5, roadNumber: '12', poiNumber: 7, cameraTilt: { deg: 2 }, nothing: null });
      const csv = new TextDecoder().decode(records.csv());
      expect(csv.slice(csv.indexOf('\r\n') + 2)).toBe(csvRows(RECORDS));
    } finally {
      records.free();
    }
  });

  it('append in batches, in order', () => {
    const records = new SurveyRecords({});
    try {
      records.addMeasurements(...args(measurementColumns(RECORDS, 0, 2)));
      records.addMeasurements(...args(measurementColumns(RECORDS, 2)));
      expect(records.measurementCount()).toBe(RECORDS.length);
      const doc = JSON.parse(new TextDecoder().decode(records.export('json'))) as { measurements: { id: string }[] };
      expect(doc.measurements.map((m) => m.id)).toEqual(['m-1', 'm-2', '', '17', 'm-5']);
    } finally {
      records.free();
    }
  });

  it('a value the core refuses is an error naming the measurement, as the JSON path would refuse it', () => {
    const records = new SurveyRecords({});
    try {
      const bad = [{ id: 'a' }, { id: 'b', rel: 'tall' }] as unknown as Measurement[];
      expect(() => records.addMeasurements(...args(measurementColumns(bad)))).toThrow(/^measurement 1: .*numeric string/);
      expect(() => normaliseMeasurement(bad[1])).toThrow(/numeric string/);
    } finally {
      records.free();
    }
  });
});

function args(c: ReturnType<typeof measurementColumns>): [Float64Array, Uint8Array, Int32Array] {
  return [c.numbers, c.text, c.textLengths];
}
