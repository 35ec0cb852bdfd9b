// One typed accessor per record kind (SPEC §3): what features use instead of store names,
// index names and key conventions. Every write goes through the save policy of
// storageService.ts; every read merges emergency copies.
import type { Measurement, MediaKind, Route, RoutePoint, StoredMedia, Survey, VehicleTracePoint, Alert } from '../../model';
import { keyRange } from './keys';
import { indexValues, requestResult, type WriteOp } from './idbStore';
import type { AutosaveRecord, SettingsRecord } from './schema';
import { isQuotaError } from './emergency';
import { backfillClearance, forgetRow, noteOpened, noteSaved, runningRows } from './csvChunks';
import { countByIndex, getByIndex } from './indexReads';
import {
  addItem,
  deleteByIndex,
  deleteRecords,
  getAllItems,
  getItem,
  readTogether,
  saveItem,
  saveMeasurement,
  saveRecords,
  writeDatabaseOnly,
  type PutOp,
  type SaveOutcome,
} from './storageService';

/** Every key of a survey in a [surveyId, …] compound index. */
const ofSurvey = (surveyId: string) => keyRange([surveyId], [surveyId, []]);

/**
 * Measurements per part of a whole survey's read (IndexRead.chunk). With 5,000, the map of a
 * 100,000-measurement workspace decodes its read in tasks of at most about 60 ms instead of
 * one of 170 ms, in 840–930 ms instead of 940 (temporary marks; docs/local-store.md).
 */
export const READ_PART = 5_000;

/** What the workspace shows of the active survey: the survey, its count, newest page, highest POI number. */
export interface SurveyOverview {
  survey: Survey | null;
  count: number;
  newest: Measurement[];
  highestPoi: number;
}

/** The active survey: the newest survey marked active (at most one is, normally). */
const newestActive = (list: readonly Survey[]): Survey | null =>
  list.filter((survey) => survey.active === true).sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0] ?? null;

/** The highest POI number among `top` (the by-survey-poi index's last record), 0 when none. */
const poiOf = (top: Measurement | undefined) => (typeof top?.poiNumber === 'number' ? top.poiNumber : 0);

/**
 * Whether the core's CSV of a survey holding this measurement adds the clearance columns
 * (lane readings or a wire temperature; the core's `clearance::columns::applies`).
 */
export const hasClearanceData = (m: Measurement): boolean => (m.readings !== undefined && m.readings !== null) || (m.wireTempC !== undefined && m.wireTempC !== null);

/** A measurement's running-CSV row as the csv-data store keeps it. */
const csvItem = (measurement: Measurement, text: string) => ({
  id: measurement.id,
  surveyId: measurement.user_id,
  createdAt: String(measurement.createdAt ?? ''),
  text,
  clearance: hasClearanceData(measurement),
});

export const surveys = {
  /**
   * The active survey with its count, newest `pageSize` measurements and highest POI number,
   * read in one transaction when nothing waits in emergency storage (opening a 100,000-record
   * survey reads 50 records and three index positions), else through the merging reads.
   */
  async activeOverview(pageSize: number): Promise<SurveyOverview> {
    const together = await readTogether(['surveys', 'measurements'], async (tx) => {
      const survey = newestActive(await requestResult(tx.objectStore('surveys').getAll() as IDBRequest<Survey[]>));
      if (!survey) return { survey: null, count: 0, newest: [], highestPoi: 0 };
      const store = tx.objectStore('measurements');
      const [count, newest, top] = await Promise.all([
        requestResult(store.index('by-survey').count(survey.id)),
        indexValues<Measurement>(store.index('by-survey-date'), ofSurvey(survey.id), 'prev', pageSize),
        indexValues<Measurement>(store.index('by-survey-poi'), keyRange([survey.id, -Infinity], [survey.id, Infinity]), 'prev', 1),
      ]);
      return { survey, count, newest, highestPoi: poiOf(top[0]) };
    });
    if (together) {
      if (together.survey) noteOpened(together.survey.id, together.count);
      return together;
    }
    const survey = newestActive(await surveys.list());
    if (!survey) return { survey: null, count: 0, newest: [], highestPoi: 0 };
    const [count, newest, highestPoi] = await Promise.all([
      measurements.count(survey.id),
      measurements.page(survey.id, 0, pageSize),
      measurements.highestPoiNumber(survey.id),
    ]);
    return { survey, count, newest, highestPoi };
  },
  get: (id: string) => getItem('surveys', id),
  /** Adds a new survey; an id already stored fails with 'Item already exists' (SPEC §5). */
  add: (survey: Survey) => addItem('surveys', survey),
  /** Every survey, newest first. */
  async list(): Promise<Survey[]> {
    const all = await getAllItems('surveys');
    return all.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  },
  save: (survey: Survey) => saveItem('surveys', survey),
  /**
   * A new survey with its START measurement and that measurement's running-CSV row, in one
   * transaction (after the SPEC's 50 ms measurement delay): there is never a survey without
   * its START, whatever happens to the page meanwhile.
   */
  async createWithStart(survey: Survey, start: Measurement, csvRow: string): Promise<SaveOutcome> {
    const outcome = await saveMeasurement([
      { kind: 'put', store: 'surveys', item: survey },
      { kind: 'put', store: 'measurements', item: start },
      { kind: 'put', store: 'csv-data', item: csvItem(start, csvRow) },
    ]);
    if (outcome.savedIn === 'indexeddb') noteSaved(start.user_id);
    return outcome;
  },
  saveMany: (list: readonly Survey[]) => saveRecords(list.map((item) => ({ kind: 'put', store: 'surveys', item }) as PutOp)),
};

export const measurements = {
  get: (id: string) => getItem('measurements', id),
  /** How many measurements the survey has (an index count: nothing else is read). */
  count: (surveyId: string) => countByIndex('measurements', 'by-survey', surveyId),
  /** A page of the survey's measurements, newest first. */
  page: (surveyId: string, offset: number, limit: number) =>
    getByIndex('measurements', 'by-survey-date', ofSurvey(surveyId), { newestFirst: true, offset, limit }),
  /**
   * Every measurement of the survey, oldest first (the map, exports), read in parts;
   * `onPart` gets them as they come (an export sends them on to its worker meanwhile).
   */
  all: (surveyId: string, onPart?: (part: Measurement[]) => void) =>
    getByIndex('measurements', 'by-survey-date', ofSurvey(surveyId), { chunk: READ_PART, onPart }),
  /** The survey's highest POI number (0 when none). */
  async highestPoiNumber(surveyId: string): Promise<number> {
    const [top] = await getByIndex('measurements', 'by-survey-poi', keyRange([surveyId, -Infinity], [surveyId, Infinity]), {
      newestFirst: true,
      limit: 1,
    });
    return poiOf(top);
  },
  /**
   * Saves a measurement and its running-CSV row in one transaction (SPEC §4: written after
   * the 50 ms delay, with the §8 retry and emergency policy), so the two never drift. Either
   * may still be being built: that runs during the delay (saveMeasurement). `fresh`: a new
   * measurement, under an id never stored (see WriteOp).
   */
  async save(measurement: Measurement | Promise<Measurement>, csvRow: string | Promise<string>, { fresh = false } = {}): Promise<SaveOutcome> {
    const built = Promise.all([measurement, csvRow]);
    const outcome = await saveMeasurement(
      built.then(([m, row]): WriteOp[] => [
        { kind: 'put', store: 'measurements', item: m, fresh },
        { kind: 'put', store: 'csv-data', item: csvItem(m, row) },
      ]),
    );
    if (outcome.savedIn === 'indexeddb') noteSaved((await built)[0].user_id);
    return outcome;
  },
  /** Deletes a measurement, its running-CSV row and its media. */
  async remove(measurement: Measurement): Promise<void> {
    const own = await media.ofMeasurement(measurement.id);
    await deleteRecords([
      { store: 'measurements', id: measurement.id },
      { store: 'csv-data', id: measurement.id },
      ...own.map((m) => ({ store: m.kind === 'video' ? ('videoBlobs' as const) : ('media' as const), id: m.id })),
    ]);
    // A folded row goes too; if this cannot run now (emergency mode), the export sees a row
    // too many and writes the CSV from the records instead (runningCsvDocument).
    await forgetRow(measurement.id).catch(() => undefined);
  },
  /** Deletes every measurement of a survey, with their CSV rows and media. */
  async removeAllOf(surveyId: string): Promise<void> {
    await deleteByIndex('measurements', 'by-survey', surveyId);
    await deleteByIndex('csv-data', 'by-survey-date', ofSurvey(surveyId));
    await deleteByIndex('csv-chunks', 'by-survey', keyRange([surveyId, -Infinity], [surveyId, Infinity]));
    await deleteByIndex('media', 'by-survey', surveyId);
    await deleteByIndex('videoBlobs', 'by-survey', surveyId);
  },
};

export const csvRows = {
  /** The survey's running-CSV rows, oldest first (the header is the core's): loose and folded (csvChunks.ts). */
  of: async (surveyId: string): Promise<string[]> => (await runningRows(surveyId)).rows,
  /**
   * The rows, and whether every one is known to come from a measurement without clearance
   * data (so the rows under the core's header are the whole CSV export).
   */
  withClearance: (surveyId: string): Promise<{ rows: string[]; clearanceFree: boolean; unflagged: boolean }> => runningRows(surveyId),
  /**
   * Flags the rows and chunks stored without their clearance flag (by older versions) from
   * their measurements, so the next CSV export can be the running CSV; how many it flagged.
   */
  backfillClearance: (surveyId: string): Promise<number> => backfillClearance(surveyId, hasClearanceData),
};

/** Photos and drawings live in `media`, videos in `videoBlobs` (SPEC §3). */
const mediaStore = (kind: MediaKind) => (kind === 'video' ? 'videoBlobs' : 'media');

export const media = {
  save: (item: StoredMedia) => saveItem(mediaStore(item.kind), item),
  async get(id: string): Promise<StoredMedia | undefined> {
    return (await getItem('media', id)) ?? (await getItem('videoBlobs', id));
  },
  async ofMeasurement(measurementId: string): Promise<StoredMedia[]> {
    const [still, video] = await Promise.all([
      getByIndex('media', 'by-measurement', measurementId),
      getByIndex('videoBlobs', 'by-measurement', measurementId),
    ]);
    return [...still, ...video];
  },
  async ofSurvey(surveyId: string): Promise<StoredMedia[]> {
    const [still, video] = await Promise.all([getByIndex('media', 'by-survey', surveyId), getByIndex('videoBlobs', 'by-survey', surveyId)]);
    return [...still, ...video];
  },
  remove: (item: StoredMedia) => deleteRecords([{ store: mediaStore(item.kind), id: item.id }]),
  /**
   * Saves a video-buffer clip in IndexedDB only: never in emergency storage, whose room
   * belongs to measurements. Throws when it cannot be stored (a full disk: QuotaExceededError).
   * The clips in `drop` (the oldest, beyond what the buffer keeps) are deleted in the same
   * transaction, so the store never holds more clips than the buffer keeps.
   */
  saveClip: (item: StoredMedia, drop: readonly string[] = []) =>
    writeDatabaseOnly([{ kind: 'put', store: 'videoBlobs', item }, ...drop.map((id) => ({ kind: 'delete' as const, store: 'videoBlobs' as const, id }))]),
};

export const routes = {
  ofSurvey: (surveyId: string): Promise<Route[]> => getByIndex('routes', 'by-survey', surveyId),
  points: (routeId: string): Promise<RoutePoint[]> => getByIndex('route-points', 'by-route', routeId),
  /**
   * The survey's routes with their points, for drawing them all: one readonly transaction
   * over both stores (every route's points asked for at once in it) when nothing waits in
   * emergency storage, else the merging reads. Route points carry no survey id (no
   * by-survey index: that would be a schema version), so the points are read by route.
   */
  async withPoints(surveyId: string): Promise<{ route: Route; points: RoutePoint[] }[]> {
    const together = await readTogether(['routes', 'route-points'], async (tx) => {
      const list = await requestResult(tx.objectStore('routes').index('by-survey').getAll(surveyId) as IDBRequest<Route[]>);
      const byRoute = tx.objectStore('route-points').index('by-route');
      return Promise.all(list.map(async (route) => ({ route, points: await requestResult(byRoute.getAll(route.id) as IDBRequest<RoutePoint[]>) })));
    });
    if (together) return together;
    const list = await routes.ofSurvey(surveyId);
    return Promise.all(list.map(async (route) => ({ route, points: await routes.points(route.id) })));
  },
  get: (id: string) => getItem('routes', id),
  /**
   * Saves a route and its points in one transaction (SPEC §8 policy), replacing the points
   * it had: points no longer in the list are deleted in the same write.
   */
  async save(route: Route, points: readonly RoutePoint[]): Promise<SaveOutcome> {
    const kept = new Set(points.map((p) => p.id));
    const stale = (await getByIndex('route-points', 'by-route', route.id)).filter((p) => !kept.has(p.id));
    return saveRecords([
      { kind: 'put', store: 'routes', item: route } as PutOp,
      ...points.map((item) => ({ kind: 'put', store: 'route-points', item }) as PutOp),
      ...stale.map((p) => ({ kind: 'delete' as const, store: 'route-points' as const, id: p.id })),
    ]);
  },
  /** Deletes a route and its points. */
  async remove(routeId: string): Promise<void> {
    const points = await getByIndex('route-points', 'by-route', routeId);
    await deleteRecords([{ store: 'routes', id: routeId }, ...points.map((p) => ({ store: 'route-points' as const, id: p.id }))]);
  },
};

/** Oldest first by a time field (ISO 8601 strings sort as text), then by id. */
const byTime =
  <T extends { id: string }>(field: (item: T) => unknown) =>
  (a: T, b: T): number =>
    String(field(a)).localeCompare(String(field(b))) || a.id.localeCompare(b.id);

export const traces = {
  /** Every point of the survey's trace, oldest first (the order the exports draw it in). */
  async ofSurvey(surveyId: string): Promise<VehicleTracePoint[]> {
    const points = await getByIndex('vehicleTraces', 'by-survey', surveyId);
    return points.sort(byTime((p) => p.timestamp));
  },
  /** How many trace points the survey has (an index count: nothing else is read). */
  count: (surveyId: string) => countByIndex('vehicleTraces', 'by-survey', surveyId),
  /**
   * Saves a batch of trace points in one transaction, with the SPEC §8 policy ("Trace save
   * failures fall back to local storage"): one retry, then emergency copies (the outcome
   * says where they went); throws only when emergency storage refused them too.
   */
  saveBatch: (points: readonly VehicleTracePoint[]): Promise<SaveOutcome> =>
    saveRecords(points.map((item) => ({ kind: 'put', store: 'vehicleTraces', item }) as PutOp)),
};

export const alerts = {
  /** The survey's alert log, oldest first. */
  async ofSurvey(surveyId: string): Promise<Alert[]> {
    const all = await getByIndex('alerts', 'by-survey', surveyId);
    return all.sort(byTime((a) => a.createdAt));
  },
  /** Saves one alert (SPEC §8 policy: emergency storage when the database fails). */
  save: (alert: Alert): Promise<SaveOutcome> => saveItem('alerts', alert),
};

export const settings = {
  get: (category: string) => getItem('appSettings', category),
  save: (record: SettingsRecord) => saveItem('appSettings', record),
};

/** Auto-saves: IndexedDB only, never emergency storage, and they make room for themselves. */
export const autosaves = {
  get: (surveyId: string) => getItem('autosaves', surveyId),
  /**
   * Keeps the survey's latest auto-save. When the disk is full, the other surveys' older
   * auto-saves are dropped first, then it is tried once more; it never falls back to
   * emergency storage, whose room belongs to measurements (throws instead).
   */
  async save(record: AutosaveRecord): Promise<void> {
    const attempt = () => writeDatabaseOnly([{ kind: 'put', store: 'autosaves', item: record }]);
    try {
      await attempt();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      const others = (await getAllItems('autosaves')).filter((a) => a.id !== record.id).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
      if (others.length === 0) throw error;
      await writeDatabaseOnly(others.map((a) => ({ kind: 'delete' as const, store: 'autosaves' as const, id: a.id })));
      await attempt();
    }
  },
};
