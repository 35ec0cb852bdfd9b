// Survey export from the store (issue 10 point 17), in the built app in Debian's Chromium:
// a survey of 100,000 measurements with 200 photos of 300 KB, stored as the app stores them
// (each measurement with the running-CSV row the core wrote beside it, the oldest rows folded
// into chunks by the app as it does while a survey grows; photos as media records), both
// sides reading the same IndexedDB in the same page and run.
// - csv: ours = from the click on 'Export survey' until the download link is clicked (the
//   app reads the store, writes the file, hands it to the browser); peer = plain JavaScript
//   reading the survey's measurements from the same store (by-survey index) and writing the
//   same CSV (scripts/bench/csv.mjs's writer) into a Blob. Outputs compared byte for byte.
// - zip: ours = the same for 'Zip with media' (the survey's default documents: CSV, JSON,
//   GeoJSON, with a README and the photos; ours deflates the documents, the peer stores
//   them); peer = the same store read by plain JavaScript and fflate's streaming Zip
//   (ZipPassThrough, stored) writing the same entries: a README, the CSV, the JSON
//   (JSON.stringify), the GeoJSON (plainGeoJson below) and the 200 photos under the SPEC
//   names. Both archives must hold the same entry names; photos and CSV are compared byte
//   for byte, the JSON and GeoJSON by what they say (documentSummary).
// Best of 3 interleaved rounds each; ratio = peer time / our time (limits: csv >= 2, zip >= 1.5).
// A measurement, never a test.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { root } from '../lib.mjs';
import { openAppWithSurvey } from './browser.mjs';
import { GUARD, HEADER, fileName, measurements as makeMeasurements, num, plainCsv, text } from './csv.mjs';
import { loadCore } from './wasm.mjs';

const PHOTOS = 200;
const PHOTO_BYTES = 300_000;

/** Runs in the page before any script: app access, no GPS, and the moment of each download. */
function instrument() {
  localStorage.setItem('app_access', 'true');
  localStorage.setItem('gps_failsafe_enabled', 'false');
  window.__exportClicks = [];
  window.__downloads = [];
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button')?.textContent === 'Export survey') window.__exportClicks.push(performance.now());
    },
    true,
  );
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download) window.__downloads.push(performance.now());
    return click.call(this);
  };
}

/** Runs in the page: writes measurements, their CSV rows and (once) the photos into IndexedDB. */
async function seedChunk({ surveyId, records, rows, photos, photoBytes }) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const tx = db.transaction(['measurements', 'csv-data', 'media'], 'readwrite');
  records.forEach((m, i) => {
    tx.objectStore('measurements').put({ ...m, user_id: surveyId });
    // With the clearance flag the app writes beside every row (records.ts csvItem): whether the
    // record has lane readings or a wire temperature. Without it the export cannot tell that
    // the running rows are the whole CSV and builds it from the records (the slow path).
    const clearance = (m.readings !== undefined && m.readings !== null) || (m.wireTempC !== undefined && m.wireTempC !== null);
    tx.objectStore('csv-data').put({ id: m.id, surveyId, createdAt: m.createdAt, text: rows[i], clearance });
  });
  for (const m of records.slice(0, photos)) {
    const bytes = new Uint8Array(photoBytes);
    for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(bytes.length, at + 65536)));
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    tx.objectStore('media').put({ id: m.imageUrl, measurementId: m.id, surveyId, kind: 'image', type: 'image/jpeg', size: bytes.length, createdAt: m.createdAt, blob: new Blob([bytes], { type: 'image/jpeg' }) });
  }
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

/** Runs in the page: the peer. Reads the survey from IndexedDB and writes the CSV or the zip. */
async function peerExport({ surveyId, kind, csvSource, fileNameSource, geoJsonSource }) {
  const plainCsv = new Function(`${csvSource}; return plainCsv;`)();
  const plainGeoJson = new Function(`${csvSource}; ${geoJsonSource}; return plainGeoJson;`)();
  const fileName = new Function(`${fileNameSource}; return fileName;`)();
  const t0 = performance.now();
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('clearway');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const read = (store, index, key) =>
    new Promise((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).index(index).getAll(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const ms = (await read('measurements', 'by-survey', surveyId)).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
  const csv = plainCsv(ms);
  let blob;
  if (kind === 'csv') {
    blob = new Blob([csv], { type: 'text/csv' });
  } else {
    const media = await read('media', 'by-survey', surveyId);
    const byId = new Map(ms.map((m) => [m.id, m]));
    const parts = [];
    const zip = new window.fflate.Zip((error, chunk) => {
      if (error) throw error;
      parts.push(chunk);
    });
    const add = (name, bytes) => {
      const entry = new window.fflate.ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    };
    const survey = await new Promise((resolve, reject) => {
      const request = db.transaction('surveys').objectStore('surveys').get(surveyId);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const encode = (text) => new TextEncoder().encode(text);
    add('README.txt', encode(`Survey ${survey.surveyTitle}\r\n${ms.length} measurements, ${media.length} photos\r\n`));
    add('documents/measurements.csv', encode(csv));
    add('documents/survey.json', encode(JSON.stringify({ survey, measurements: ms, routes: [], vehicleTraces: [], alerts: [] })));
    add('documents/survey.geojson', encode(plainGeoJson(ms)));
    for (const medium of media) add(`images/${fileName(byId.get(medium.measurementId), 'jpg')}`, new Uint8Array(await medium.blob.arrayBuffer()));
    zip.end();
    blob = new Blob(parts, { type: 'application/zip' });
  }
  const ms2 = performance.now() - t0;
  db.close();
  return { ms: ms2, url: URL.createObjectURL(blob) };
}

/** Runs in the page: SHA-256 (hex) of a Blob URL's bytes, or of each entry of it as a zip. */
async function digestOf({ url, zip, summarySource }) {
  const hex = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  URL.revokeObjectURL(url);
  if (!zip) return { whole: await hex(bytes), size: bytes.length };
  const files = window.fflate.unzipSync(bytes);
  const summaryOf = new Function(`${summarySource}; return documentSummary;`)();
  const entries = {};
  for (const [name, data] of Object.entries(files)) entries[name] = name.endsWith('json') ? summaryOf(name, new TextDecoder().decode(data)) : await hex(data);
  return { entries, size: bytes.length };
}

/** The core's running-CSV row of each measurement (what the app writes as it saves one). */
function rowsOf(core, records) {
  return records.map((m) => core.csvRows([m]));
}

export async function surveyExportCase({ measurements = 100_000 } = {}) {
  const core = await loadCore();
  const records = makeMeasurements(measurements).map((m, i) => ({ ...m, imageUrl: i < PHOTOS ? `photo-${i}` : undefined }));
  const { page, section, close } = await openAppWithSurvey(instrument, 'Export');
  try {
    const surveyId = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.open('clearway');
          request.onsuccess = () => {
            const all = request.result.transaction('surveys').objectStore('surveys').getAll();
            all.onsuccess = () => resolve(all.result.find((s) => s.active).id);
          };
        }),
    );
    // The START measurement the app wrote is part of the survey on both sides.
    for (let start = 0; start < records.length; start += 5000) {
      const chunk = records.slice(start, start + 5000);
      await page.evaluate(seedChunk, { surveyId, records: chunk, rows: rowsOf(core, chunk), photos: start === 0 ? PHOTOS : 0, photoBytes: PHOTO_BYTES });
    }
    await page.reload();
    await page.getByRole('heading', { name: `Measurements (${(measurements + 1).toLocaleString('en')})` }).waitFor({ timeout: 120_000 });
    // The rows were seeded loose; a survey recorded in the app has had its oldest rows folded
    // into chunks as it grew (web/src/services/storage/csvChunks.ts). The app folds them on
    // opening: wait for that, so the export reads the survey as the app keeps it.
    await page.waitForFunction(() => performance.getEntriesByName('clearway:csv-compacted').length > 0, null, { timeout: 600_000 });
    await page.addScriptTag({ path: join(root, 'node_modules', 'fflate', 'umd', 'index.js') });

    const source = { csvSource: plainCsv.toString().replace(/^function plainCsv/, 'function plainCsv').concat(helpersSource()), fileNameSource: fileName.toString(), geoJsonSource: plainGeoJson.toString() };
    const ours = async (format) => {
      await section.getByLabel('Export format').selectOption(format);
      const n = await page.evaluate(() => window.__downloads.length);
      const download = page.waitForEvent('download', { timeout: 600_000 });
      await section.getByRole('button', { name: 'Export survey' }).click();
      await page.waitForFunction((count) => window.__downloads.length > count, n, { timeout: 600_000 });
      const ms = await page.evaluate(() => window.__downloads.at(-1) - window.__exportClicks.at(-1));
      return { ms, bytes: new Uint8Array(await readFile(await (await download).path())) };
    };
    const peer = async (kind) => {
      const { ms, url } = await page.evaluate(peerExport, { surveyId, kind, ...source });
      return { ms, digest: await page.evaluate(digestOf, { url, zip: kind === 'zip', summarySource: documentSummary.toString() }) };
    };
    const rounds = async (kind, format) => {
      const o = [];
      const p = [];
      let last = null;
      for (let round = 0; round < 3; round += 1) {
        const a = await ours(format);
        const b = await peer(kind);
        o.push(a.ms);
        p.push(b.ms);
        last = { ours: a.bytes, peer: b.digest };
      }
      return { ours: Math.min(...o), peer: Math.min(...p), last };
    };

    const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
    const csv = await rounds('csv', 'csv');
    const sameCsv = sha(csv.last.ours) === csv.last.peer.whole;
    const zip = await rounds('zip', 'zip');
    const a = unzipSync(zip.last.ours);
    const b = zip.last.peer.entries;
    const photos = (names) => names.filter((n) => n.startsWith('images/')).sort();
    const ourPhotos = photos(Object.keys(a));
    const samePhotos = ourPhotos.length === PHOTOS && JSON.stringify(ourPhotos) === JSON.stringify(photos(Object.keys(b))) && ourPhotos.every((n) => sha(a[n]) === b[n]);
    const sameZipCsv = sha(a['documents/measurements.csv'] ?? new Uint8Array()) === b['documents/measurements.csv'];
    // Both archives hold the same entries; the JSON and GeoJSON say the same (the same
    // records, positions and heights, in the same order: see documentSummary).
    const sameEntries = JSON.stringify(Object.keys(a).sort()) === JSON.stringify(Object.keys(b).sort());
    const text = (name) => new TextDecoder().decode(a[name] ?? new Uint8Array());
    const sameDocuments = ['documents/survey.json', 'documents/survey.geojson'].every((name) => b[name] !== undefined && documentSummary(name, text(name)) === b[name]);
    const round = (x) => Math.round(x * 100) / 100;
    const lines = [
      {
        name: `survey-csv-${measurements / 1000}k-from-store-vs-plain-js`,
        ours: 'the app: click on Export survey (CSV) until the download link is clicked: store read, file written',
        peer: 'plain JavaScript in the same page: the same store read by index, the CSV written, a Blob made',
        ratio: round(csv.peer / csv.ours),
        limit: '>= 2',
        ours_ms: round(csv.ours),
        peer_ms: round(csv.peer),
        bytes: csv.last.ours.length,
        peer_bytes: csv.last.peer.size,
        same_result: sameCsv,
      },
      {
        name: `survey-zip-${measurements / 1000}k-${PHOTOS}-photos-from-store-vs-fflate`,
        ours: 'the app: click on Export survey (Zip with media) until the download link is clicked: documents, README, traces and photos',
        peer: 'plain JavaScript + fflate (streaming, stored) in the same page: the same entries (README, CSV, JSON, GeoJSON, photos) from the same store',
        ratio: round(zip.peer / zip.ours),
        limit: '>= 1.5',
        ours_ms: round(zip.ours),
        peer_ms: round(zip.peer),
        same_result: samePhotos && sameZipCsv && sameEntries && sameDocuments,
        same_rule: 'the same entry names; photos and CSV byte for byte; JSON and GeoJSON: the same records, positions and heights in order (not the same bytes: key order and number text differ)',
        same_photos: samePhotos,
        same_csv: sameZipCsv,
        same_entries: sameEntries,
        same_documents: sameDocuments,
      },
    ];
    for (const line of lines) if (!line.same_result) console.error(`${line.name}: the two sides differ`);
    if (lines.some((l) => !l.same_result)) process.exitCode = 1;
    return lines;
  } finally {
    await close();
  }
}

/** The helpers plainCsv uses (csv.mjs), as source for the page. */
function helpersSource() {
  return `const HEADER = ${JSON.stringify(HEADER)};\nconst GUARD = new Set(${JSON.stringify([...GUARD])});\n${text.toString()}\nconst num = ${num.toString()};\n${fileName.toString()}\n`;
}

/** The peer's GeoJSON: a Point feature per placed measurement with the core's properties (SPEC §9 number formats). */
function plainGeoJson(ms) {
  const str = (v) => (v == null ? 'null' : JSON.stringify(String(v)));
  const fixed = (v, d) => (v == null || !Number.isFinite(v) ? 'null' : v.toFixed(d));
  const parts = [];
  for (const m of ms) {
    if (m.latitude == null || m.longitude == null) continue;
    const id = fileName(m, 'x').slice(6, -2);
    parts.push(
      `{"type":"Feature","geometry":{"type":"Point","coordinates":[${m.longitude.toFixed(6)},${m.latitude.toFixed(6)}]},"properties":{"id":${str(m.id)},"poiId":${str(id)},"poiType":${str(m.poi_type)},` +
        `"height":${fixed(m.rel, 3)},"gpsAltitude":${fixed(m.altGPS, 1)},"speed":${fixed(m.speed, 1)},"heading":${fixed(m.heading, 1)},"width":${fixed(m.widthMeasure, 3)},"length":${fixed(m.lengthMeasure, 3)},` +
        `"road":${str(m.roadNumber)},"note":${str(m.note)},"date":${str(m.utcDate)},"time":${str(m.utcTime)},"source":${str(m.source || 'manual')},"poiNumber":${m.poiNumber ?? 'null'},` +
        `"image":${m.imageUrl ? str(fileName(m, 'jpg')) : 'null'},"video":${m.videoUrl ? str(fileName(m, 'webm')) : 'null'},"drawing":${m.drawingUrl ? str(fileName(m, 'png')) : 'null'}}}`,
    );
  }
  return `{"type":"FeatureCollection","features":[${parts.join(',\n')}]}`;
}

/** What a JSON or GeoJSON document says, as one string: its records' ids, positions and heights, in order. */
function documentSummary(name, text) {
  const doc = JSON.parse(text);
  const round = (v, d) => (typeof v === 'number' ? v.toFixed(d) : String(v));
  const rows = name.endsWith('.geojson')
    ? doc.features.map((f) => [f.properties.id, round(f.geometry.coordinates[0], 6), round(f.geometry.coordinates[1], 6), round(Number(f.properties.height), 3)].join('|'))
    : doc.measurements.map((m) => [m.id, round(m.longitude, 6), round(m.latitude, 6), round(m.rel, 3)].join('|'));
  return `${rows.length}:${rows.join('\n')}`;
}
