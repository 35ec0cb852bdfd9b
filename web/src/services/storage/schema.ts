// The local store's schema (SPEC §3 "Local storage"), typed: each object store, its record
// type and its indexes. docs/local-store.md has the table, the two SPEC layouts and the
// migrations between them.
import type { Alert, Measurement, Route, RoutePoint, StoredMedia, Survey, VehicleTracePoint } from '../../model';

/** The IndexedDB database every Clearway tab opens. */
export const DB_NAME = 'clearway';

/** The schema version of the local data store (SPEC §3, §9): the data format's version. */
export const SCHEMA_VERSION = 4;

/**
 * The IndexedDB version of layout A as this build writes it. Version 4 is the SPEC's (both
 * layouts); 5 adds `media`, `autosaves`, `revisions` and the measurements' compound
 * indexes, and moves the running CSV to one row record per measurement; 6 adds
 * `csv-chunks`, where those rows are folded a thousand at a time (csvChunks.ts), and the
 * sync `outbox` (docs/sync.md).
 */
export const DB_VERSION = 6;

/** One row of a survey's running CSV (SPEC §4), kept beside its measurement. */
export interface CsvRowRecord {
  /** The measurement's id. */
  id: string;
  surveyId: string;
  /** The measurement's createdAt: the rows' order. */
  createdAt: string;
  /** The row, CRLF-terminated, as the core writes it. */
  text: string;
  /**
   * Whether the measurement holds lane readings or a wire temperature: the core's CSV then
   * adds the clearance columns, which a running row does not carry. Absent (rows written
   * before it was kept): not known, so the export asks the core.
   */
  clearance?: boolean;
}

/**
 * Running-CSV rows folded together (csvChunks.ts): the oldest rows of a survey, in
 * `[createdAt, id]` order, so that reading a 100,000-row CSV reads a hundred records, not a
 * hundred thousand. A row of a measurement edited later is overridden by its newer row (a
 * loose row, or a chunk of a higher `seq`).
 */
export interface CsvChunkRecord {
  id: string;
  surveyId: string;
  /** The chunk's order among its survey's chunks (later chunks override earlier rows). */
  seq: number;
  /** The measurements' ids, createdAts and rows, index for index. */
  ids: string[];
  createdAts: string[];
  rows: string[];
  /** True when any folded row had clearance data, absent when any row's was not known (CsvRowRecord). */
  clearance?: boolean;
}

/** A survey's latest auto-save export (SPEC §4 "Auto-save"). */
export interface AutosaveRecord {
  /** The survey's id: one auto-save per survey. */
  id: string;
  format: 'zip' | 'csv';
  blob: Blob;
  savedAt: string;
}

/** A settings category (features/settings), keyed by the category's name. */
export interface SettingsRecord {
  id: string;
  /** The category's values, merged with their defaults when read (features/settings). */
  values: object;
  updatedAt: string;
}

/** When a record was last written to this database (ms since the epoch), by store and id. */
export interface RevisionRecord {
  store: StoreName;
  id: string;
  savedAt: number;
}

/** Every store and the record it holds. */
export interface StoreRecords {
  surveys: Survey;
  measurements: Measurement;
  routes: Route;
  'route-points': RoutePoint;
  alerts: Alert;
  vehicleTraces: VehicleTracePoint;
  /** Videos (SPEC §3 "Video blob": id, blob, createdAt), as media records. */
  videoBlobs: StoredMedia;
  /** Photos and drawings. */
  media: StoredMedia;
  'csv-data': CsvRowRecord;
  'csv-chunks': CsvChunkRecord;
  autosaves: AutosaveRecord;
  appSettings: SettingsRecord;
}

export type StoreName = keyof StoreRecords;
export type RecordOf<S extends StoreName> = StoreRecords[S];

export interface IndexSpec {
  name: string;
  keyPath: string | string[];
  /** An index entry per element of an array field. */
  multiEntry?: boolean;
}

/**
 * Layout A: one object store per purpose, every record keyed by its `id`. Measurements hold
 * their survey's id in `user_id` (SPEC §3), so `by-survey` reads that field; their category
 * is the POI type (`poi_type`).
 */
export const STORES: Readonly<Record<StoreName, readonly IndexSpec[]>> = {
  surveys: [],
  measurements: [
    { name: 'by-survey', keyPath: 'user_id' },
    { name: 'by-date', keyPath: 'createdAt' },
    { name: 'by-category', keyPath: 'poi_type' },
    // A survey's page, newest first, and its highest POI number, without reading the rest.
    { name: 'by-survey-date', keyPath: ['user_id', 'createdAt'] },
    { name: 'by-survey-poi', keyPath: ['user_id', 'poiNumber'] },
  ],
  routes: [
    { name: 'by-survey', keyPath: 'surveyId' },
    { name: 'by-date', keyPath: 'createdAt' },
  ],
  'route-points': [
    { name: 'by-route', keyPath: 'routeId' },
    { name: 'by-order', keyPath: 'order' },
  ],
  alerts: [{ name: 'by-survey', keyPath: 'surveyId' }],
  vehicleTraces: [{ name: 'by-survey', keyPath: 'surveyId' }],
  videoBlobs: [
    { name: 'by-measurement', keyPath: 'measurementId' },
    { name: 'by-survey', keyPath: 'surveyId' },
  ],
  media: [
    { name: 'by-measurement', keyPath: 'measurementId' },
    { name: 'by-survey', keyPath: 'surveyId' },
  ],
  'csv-data': [{ name: 'by-survey-date', keyPath: ['surveyId', 'createdAt'] }],
  'csv-chunks': [
    { name: 'by-survey', keyPath: ['surveyId', 'seq'] },
    { name: 'by-row', keyPath: 'ids', multiEntry: true },
  ],
  autosaves: [],
  appSettings: [],
};

export const STORE_NAMES = Object.keys(STORES) as StoreName[];

export function isStoreName(value: unknown): value is StoreName {
  return typeof value === 'string' && Object.hasOwn(STORES, value);
}

/** The key path of every store of layout A. */
export const KEY_PATH = 'id';

/** Bookkeeping store: the revision of every record (see RevisionRecord), keyed [store, id]. */
export const REVISIONS = 'revisions';
export const REVISIONS_KEY_PATH = ['store', 'id'];

/**
 * Bookkeeping store: the sync outbox (docs/sync.md), one entry per record changed since its
 * last acknowledged upload, keyed [store, id], written in the same transaction as the change.
 */
export const OUTBOX = 'outbox';
export const OUTBOX_KEY_PATH = ['store', 'id'];
export const OUTBOX_INDEXES: readonly IndexSpec[] = [{ name: 'by-survey-store-op', keyPath: ['surveyId', 'store', 'op'] }];

/** The stores whose records sync to the cloud (a route point travels inside its route). */
export type SyncStore = 'surveys' | 'measurements' | 'vehicleTraces' | 'routes';
export const SYNC_STORES: readonly SyncStore[] = ['surveys', 'measurements', 'vehicleTraces', 'routes'];

/** One change waiting for the cloud: an upload of the record as it now is, or its deletion. */
export interface OutboxEntry {
  store: SyncStore;
  id: string;
  op: 'put' | 'delete';
  /** The survey the record belongs to ('' when a deletion does not know it). */
  surveyId: string;
  /** Unique per change: an acknowledgement clears the entry only if no newer change replaced it. */
  rev: string;
  queuedAt: number;
}

/**
 * Layout B: a single object store of version 4 holding every record, tagged with the
 * name of its collection (`collection: 'measurements'`), keyed by [collection, id].
 */
export const SINGLE_STORE = 'items';
export const SINGLE_STORE_KEY_PATH = ['collection', 'id'];
export const COLLECTION_FIELD = 'collection';
export const SINGLE_STORE_INDEXES: readonly IndexSpec[] = [
  { name: 'by-collection', keyPath: 'collection' },
  { name: 'by-survey', keyPath: 'surveyId' },
  { name: 'by-date', keyPath: 'createdAt' },
  { name: 'by-category', keyPath: 'category' },
  { name: 'by-route', keyPath: 'routeId' },
  { name: 'by-order', keyPath: 'order' },
];

export function indexKeyPath(store: StoreName, index: string): string | string[] | undefined {
  return STORES[store].find((spec) => spec.name === index)?.keyPath;
}

/** The value of a key path in a record (an array for a compound path). */
export function keyOf(record: object, keyPath: string | string[]): unknown {
  const field = (name: string) => (record as Record<string, unknown>)[name];
  return Array.isArray(keyPath) ? keyPath.map(field) : field(keyPath);
}
