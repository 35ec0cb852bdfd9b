// Keeping a photo, drawing or video of a saved measurement (issue 14 points 2–4, 6): the
// bytes become a media record of their own (stores.media: `media` or `videoBlobs`), then the
// measurement's imageUrl / drawingUrl / videoUrl is set to the record's id. Shown as pending
// meanwhile; when storage is full the surveyor is told and the measurement stays as saved.
import type { Measurement, MediaKind, StoredMedia } from '../../model';
import { isStorageError, stores } from '../../services/storage';
import { setPending } from './pendingMedia';

/** Saves an edited measurement (the survey workspace's `update`: the record and its CSV row). */
export type UpdateMeasurement = (measurement: Measurement) => Promise<void>;

export const FIELD_OF: Record<MediaKind, 'imageUrl' | 'videoUrl' | 'drawingUrl'> = { image: 'imageUrl', video: 'videoUrl', drawing: 'drawingUrl' };
const NOUN: Record<MediaKind, string> = { image: 'photo', video: 'video', drawing: 'drawing' };

export const storageFullMessage = (kind: MediaKind) =>
  `Storage is full: the ${NOUN[kind]} was not kept. The measurement itself is saved. Export and clear old surveys to make room.`;

const isQuota = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof DOMException && (e.name === 'QuotaExceededError' || /quota/i.test(e.message))) return true;
    if (!(e instanceof Error)) break;
  }
  return false;
};

/**
 * Whether a failed media write means the disk is full: a QuotaExceededError, or the store's
 * 'local-write' refusal (media never go to localStorage, and the store only falls back to it
 * when the durable emergency database was refused too: a full disk, docs/local-store.md).
 */
export const isStorageFull = (error: unknown): boolean => isQuota(error) || (isStorageError(error) && error.code === 'local-write');

/** Why a medium was not kept, in words. */
export function keepFailure(kind: MediaKind, error: unknown): string {
  if (isStorageFull(error)) return storageFullMessage(kind);
  return `The ${NOUN[kind]} was not kept: ${error instanceof Error ? error.message : String(error)}. The measurement itself is saved.`;
}

/** Writes to one measurement are made one after another (a photo and a video may finish together). */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(measurementId: string, job: () => Promise<T>): Promise<T> {
  const run = (queues.get(measurementId) ?? Promise.resolve()).then(job, job);
  queues.set(
    measurementId,
    run.catch(() => undefined),
  );
  return run;
}

export const newMediaRecord = (measurement: Pick<Measurement, 'id' | 'user_id'>, kind: MediaKind, blob: Blob): StoredMedia => ({
  id: crypto.randomUUID(),
  measurementId: measurement.id,
  surveyId: measurement.user_id,
  kind,
  type: blob.type || (kind === 'video' ? 'video/webm' : kind === 'drawing' ? 'image/png' : 'image/jpeg'),
  size: blob.size,
  createdAt: new Date().toISOString(),
  blob,
});

/**
 * Points the measurement at stored media records of `kind` (the first is the one its field
 * names; the others, e.g. more video clips, are found by their measurementId). Resolves to
 * false when the measurement was deleted meanwhile (the records are then removed).
 */
export function linkMedia(measurementId: string, kind: MediaKind, records: readonly StoredMedia[], update: UpdateMeasurement): Promise<boolean> {
  return serial(measurementId, async () => {
    const fresh = await stores.measurements.get(measurementId);
    if (!fresh) {
      for (const record of records) await stores.media.remove(record);
      return false;
    }
    const first = records[0];
    if (first) await update({ ...fresh, [FIELD_OF[kind]]: first.id });
    return true;
  });
}

/**
 * Stores `blob` as the measurement's `kind` and links it. Never throws: a failure is shown
 * on the measurement's row (and returned) instead.
 */
export async function keepMedia(measurement: Measurement, kind: MediaKind, blob: Blob, update: UpdateMeasurement): Promise<{ ok: true; record: StoredMedia } | { ok: false; message: string }> {
  setPending(measurement.id, kind, { state: 'pending' });
  const record = newMediaRecord(measurement, kind, blob);
  try {
    await stores.media.save(record);
    // A replaced photo or drawing leaves no orphan behind.
    const previous = measurement[FIELD_OF[kind]];
    await linkMedia(measurement.id, kind, [record], update);
    if (typeof previous === 'string' && previous && previous !== record.id && kind !== 'video') {
      const old = await stores.media.get(previous);
      if (old) await stores.media.remove(old);
    }
    setPending(measurement.id, kind, null);
    return { ok: true, record };
  } catch (error) {
    console.error(`Keeping the ${kind} of ${measurement.id} failed:`, error);
    const message = keepFailure(kind, error);
    setPending(measurement.id, kind, { state: 'failed', message });
    return { ok: false, message };
  }
}
