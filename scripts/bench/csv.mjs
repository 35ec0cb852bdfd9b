// CSV case: 100,000 measurements to the SPEC §9 CSV. Both sides start from the same plain
// JS objects (records as the app holds them after reading the store) and the whole path is
// timed on each side. Ours: the app's column writer (web/src/core/measurementColumns.ts, in
// batches of 10,000 as web/src/core/exporter.ts does), the crossing into wasm
// (SurveyRecords + addMeasurements) and the CSV; the parts are also printed, each its own
// best. The peer is plain JavaScript doing the same work (toFixed formats, commas in notes
// to semicolons, formula guard, RFC 4180 quoting, SPEC file names) and producing a string
// (not encoded to bytes: in its favour). Outputs are checked equal byte for byte.
// It also prints what posting the records to the export worker costs the page either way:
// building the columns here and transferring them, or posting the objects (structured
// clone: v8.serialize, the serializer postMessage uses) for the worker to take apart.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { root } from '../lib.mjs';
import { nativeSeconds, walk } from './native.mjs';
import { best, bestInterleaved, importAppModule, loadCore } from './wasm.mjs';

export const HEADER = 'Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m),Image,Video,Drawing\r\n';
const TYPES = ['bridge', 'tree', 'wire', 'powerLine', 'trafficLight', 'walkway', 'road', 'danger', 'importantNote', ''];
const NOTES = ['', 'clear', 'low sag, check with utility', '-2 m below sign', 'says "stop"', 'branches overhang, trim'];

export function measurements(n) {
  const { flat, rnd } = walk(n, 4242);
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = 28_800 + i * 3;
    const time = `${String(Math.floor(s / 3600) % 24).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    out.push({
      id: `${Math.floor(rnd() * 0xffffffff).toString(16).padStart(8, '0')}-m-${i}`,
      user_id: 'survey-1',
      rel: 3.5 + rnd() * 3,
      altGPS: 30 + rnd() * 40,
      latitude: flat[2 * i],
      longitude: flat[2 * i + 1],
      utcDate: '2024-05-01',
      utcTime: time,
      speed: rnd() * 90,
      heading: rnd() * 360,
      roadNumber: 1 + (i % 40),
      poiNumber: i + 1,
      poi_type: TYPES[i % TYPES.length],
      note: NOTES[i % NOTES.length],
      source: i % 7 === 3 ? 'slaveApp' : 'manual',
      imageUrl: i % 3 === 0 ? `blob:${i}` : undefined,
      widthMeasure: i % 5 === 2 ? 3 + rnd() : undefined,
      createdAt: new Date(1714550400000 + i * 3000).toISOString(), // as the app writes it
    });
  }
  return out;
}

// The peer: plain JavaScript.
export const GUARD = new Set(['=', '+', '-', '@', '\t', '\r']);
export function text(v, note) {
  let s = v == null ? '' : String(v);
  if (note) s = s.replaceAll(',', ';');
  if (s.length && GUARD.has(s[0])) s = "'" + s;
  return /[",\r\n]/.test(s) ? '"' + s.replaceAll('"', '""') + '"' : s;
}
export const num = (v, d) => (v == null || !Number.isFinite(v) ? '' : v.toFixed(d));
export function fileName(m, ext) {
  const road = m.roadNumber == null || m.roadNumber === '' ? 'R000' : 'R' + String(m.roadNumber).padStart(3, '0');
  return `image_${road}_POI${String(m.poiNumber ?? 0).padStart(5, '0')}_${m.poi_type || 'none'}_${m.id.slice(0, 8)}.${ext}`;
}
export function plainCsv(ms) {
  const rows = [HEADER];
  for (const m of ms) {
    rows.push(
      [
        text(m.utcDate), text(m.utcTime), num(m.rel, 3), num(m.altGPS, 1), num(m.latitude, 6), num(m.longitude, 6),
        num(m.speed, 1), num(m.heading, 1), text(m.roadNumber), m.poiNumber ?? '', text(m.poi_type), text(m.note, true),
        text(m.source || 'manual'), num(m.widthMeasure, 3), num(m.lengthMeasure, 3),
        m.imageUrl ? fileName(m, 'jpg') : '', m.videoUrl ? fileName(m, 'webm') : '', m.drawingUrl ? fileName(m, 'png') : '',
      ].join(',') + '\r\n',
    );
  }
  return rows.join('');
}

/** The exporter's batch size (web/src/core/exporter.ts COLUMN_BATCH). */
const BATCH = 10_000;

export async function csvCase() {
  const core = await loadCore();
  const { measurementColumns } = await importAppModule('web/src/core/measurementColumns.ts');
  const n = 100_000;
  const ms = measurements(n);
  const file = `${root}target/bench/measurements-100k.json`;
  writeFileSync(file, JSON.stringify(ms));
  const survey = { id: 'survey-1', name: 'bench' };
  const columns = () => {
    const batches = [];
    for (let start = 0; start < ms.length; start += BATCH) batches.push(measurementColumns(ms, start, Math.min(ms.length, start + BATCH)));
    return batches;
  };
  const load = (batches) => {
    const records = new core.SurveyRecords(survey);
    for (const b of batches) records.addMeasurements(b.numbers, b.text, b.textLengths);
    return records;
  };
  let ours, peer;
  const [oursMs, peerMs] = bestInterleaved(5, [
    () => {
      const records = load(columns());
      ours = records.csv();
      records.free();
    },
    () => { peer = plainCsv(ms); },
  ]);
  const same = new TextDecoder().decode(ours) === peer;
  // The parts of our path, each its own best (so they need not add up to the whole).
  const batches = columns();
  const columnsMs = best(5, columns);
  const loadMs = best(5, () => load(batches).free());
  const records = load(batches);
  const csvMs = best(5, () => records.csv());
  records.free();
  // What posting costs the page: the objects (for the worker to build columns) or the columns.
  const postObjectsMs = best(3, () => v8.serialize(ms));
  const nativeMs = nativeSeconds(['csv', file]) * 1000;
  const common = {
    measurements: n,
    bytes: ours.length,
    same_result: same,
    same_result_rule: 'the CSV byte for byte',
    peer: 'plain JS (toFixed, join)',
    peer_timed: 'the CSV string from the JS objects',
    peer_ms: Math.round(peerMs),
  };
  return [
    {
      name: 'csv-100k',
      ours: 'wasm',
      ...common,
      ours_timed: 'columns from the JS objects (measurementColumns.ts, batches of 10,000) + SurveyRecords + addMeasurements + csv(), the bytes',
      ratio: +(peerMs / oursMs).toFixed(2),
      ours_ms: Math.round(oursMs),
      ours_columns_ms: Math.round(columnsMs),
      ours_load_ms: Math.round(loadMs),
      ours_csv_ms: Math.round(csvMs),
      page_post_columns_ms: Math.round(columnsMs), // building them; their buffers are transferred
      page_post_objects_ms: Math.round(postObjectsMs),
    },
    {
      name: 'csv-100k',
      ours: 'native',
      ...common,
      ours_timed: 'csv_document from measurements already parsed (crates/core/examples/export_throughput.rs)',
      ratio: +(peerMs / nativeMs).toFixed(2),
      ours_ms: Math.round(nativeMs),
    },
  ];
}
