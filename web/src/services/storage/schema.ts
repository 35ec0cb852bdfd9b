// The local store's schema (SPEC §3 "Local storage"). docs/local-store.md has the table,
// the two layouts and the migration between them.

/** The IndexedDB database every Clearway tab opens. */
export const DB_NAME = 'clearway';

/** The schema version of the local data store (SPEC §3, §9). */
export const SCHEMA_VERSION = 4;

export type StoreName =
  | 'surveys'
  | 'measurements'
  | 'routes'
  | 'route-points'
  | 'alerts'
  | 'vehicleTraces'
  | 'videoBlobs'
  | 'csv-data'
  | 'appSettings';

export interface IndexSpec {
  name: string;
  keyPath: string;
}

/**
 * Layout A: one object store per purpose, every record keyed by its `id`.
 * Measurements hold their survey's id in `user_id` (SPEC §3, docs/backup-format.md), so
 * `by-survey` reads that field; their category is the POI type (`poi_type`).
 */
export const STORES: Readonly<Record<StoreName, readonly IndexSpec[]>> = {
  surveys: [],
  measurements: [
    { name: 'by-survey', keyPath: 'user_id' },
    { name: 'by-date', keyPath: 'createdAt' },
    { name: 'by-category', keyPath: 'poi_type' },
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
  videoBlobs: [],
  'csv-data': [],
  appSettings: [],
};

export const STORE_NAMES = Object.keys(STORES) as StoreName[];

export function isStoreName(value: unknown): value is StoreName {
  return typeof value === 'string' && Object.hasOwn(STORES, value);
}

/** The key path of every store of layout A. */
export const KEY_PATH = 'id';

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

/** A stored record: any object with an id (SPEC §3 "Items have an id"). */
export interface StoredItem {
  id: string | number;
  [field: string]: unknown;
}

export function indexKeyPath(store: StoreName, index: string): string | undefined {
  return STORES[store].find((spec) => spec.name === index)?.keyPath;
}
