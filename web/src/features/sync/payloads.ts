// What each queued change becomes in the cloud (SPEC §7 "Cloud database"): the document's
// collection, id and fields. Each kind of record is one entry of SYNC_KINDS, in upload order
// (a survey before its children: the rules check that the writer owns the child's survey).
// A new kind (convoy positions, shared routes) is one more entry here plus its store.
import type { CloudWrite, DocData } from '../../services/firebase';
import type { PendingChange, SyncStore } from '../../services/storage';

/** Fields each collection accepts (firebase/firestore.rules whitelists them). */
const SURVEY_FIELDS = [
  'id', 'createdAt', 'active', 'lastAutoSaved', 'surveyTitle', 'name', 'surveyorName', 'surveyor',
  'clientName', 'customerName', 'projectNumber', 'originAddress', 'destinationAddress', 'description',
  'notes', 'enableVehicleTrace', 'enableAlertLog', 'outputFiles', 'syncId', 'exportTarget', 'convoyId',
  'fleetUnitRole', 'plannedRouteId', 'checklistCompleted', 'updatedAt',
] as const;
const MEASUREMENT_FIELDS = [
  'id', 'user_id', 'rel', 'altGPS', 'latitude', 'longitude', 'utcDate', 'utcTime', 'speed', 'heading',
  'roadNumber', 'poiNumber', 'poi_type', 'note', 'source', 'imageUrl', 'videoUrl', 'drawingUrl',
  'widthMeasure', 'lengthMeasure', 'groundRef', 'createdAt', 'mileMarker', 'addMethod', 'generatedByAI',
  'fromHighPole', 'fromSlave', 'photoCloudLink', 'collectable', 'slaveDeviceId', 'replayKey', 'frameIndex', 'updatedAt',
] as const;
const TRACKPOINT_FIELDS = ['id', 'surveyId', 'routeId', 'timestamp', 'latitude', 'longitude', 'speed', 'heading', 'gapBefore'] as const;
const ROUTE_FIELDS = ['id', 'surveyId', 'name', 'routeNumber', 'description', 'color', 'routeGeometry', 'createdAt', 'updatedAt'] as const;
const POINT_FIELDS = ['id', 'routeId', 'position', 'type', 'order'] as const;

/** Local media references (blob:, data:) mean nothing on another device: only links travel. */
const LINK_FIELDS = new Set(['imageUrl', 'videoUrl', 'drawingUrl', 'photoCloudLink']);

function pick(record: object, fields: readonly string[]): DocData {
  const source = record as Record<string, unknown>;
  const out: DocData = {};
  for (const field of fields) {
    const value = source[field];
    if (value === undefined) continue;
    if (LINK_FIELDS.has(field) && typeof value === 'string' && /^(blob|data):/.test(value)) continue;
    out[field] = value;
  }
  return out;
}

export interface PayloadContext {
  ownerId: string;
  /** ISO 8601: when this sync run started (lastSyncedAt). */
  syncedAt: string;
}

export interface SyncKind {
  store: SyncStore;
  collection: CloudWrite['collection'];
  /** The document for a change still holding its record. */
  document(change: PendingChange, context: PayloadContext): DocData;
}

export const SYNC_KINDS: readonly SyncKind[] = [
  {
    store: 'surveys',
    collection: 'surveys',
    // SPEC §7: the survey plus lastSyncedAt (it is synced once this write is acknowledged).
    document: ({ record }, { ownerId, syncedAt }) => ({
      ...pick(record ?? {}, SURVEY_FIELDS),
      ownerId,
      cloudUploadStatus: 'synced',
      lastSyncedAt: syncedAt,
    }),
  },
  {
    store: 'measurements',
    collection: 'measurements',
    document: ({ record }, { ownerId, syncedAt }) => ({ ...pick(record ?? {}, MEASUREMENT_FIELDS), ownerId, lastSyncedAt: syncedAt }),
  },
  {
    store: 'vehicleTraces',
    collection: 'trackpoints',
    // SPEC §7: trace points by id, with surveyId.
    document: ({ record }, { ownerId, syncedAt }) => ({ ...pick(record ?? {}, TRACKPOINT_FIELDS), ownerId, lastSyncedAt: syncedAt }),
  },
  {
    store: 'routes',
    collection: 'routes',
    // A planned route carries its points (the dispatch console reads one document per route).
    document: ({ record, points }, { ownerId, syncedAt }) => {
      const own = (record as { points?: unknown } | undefined)?.points;
      const list = points && points.length > 0 ? points : Array.isArray(own) ? (own as object[]) : [];
      return {
        ...pick(record ?? {}, ROUTE_FIELDS),
        points: list.map((p) => pick(p, POINT_FIELDS)),
        ownerId,
        lastSyncedAt: syncedAt,
      };
    },
  },
];

/** The write for a change: a set of the document, or a delete when the record is gone. */
export function writeFor(kind: SyncKind, change: PendingChange, context: PayloadContext): CloudWrite {
  if (change.entry.op === 'delete' || !change.record) return { collection: kind.collection, id: change.entry.id, data: null };
  return { collection: kind.collection, id: change.entry.id, data: kind.document(change, context) };
}
