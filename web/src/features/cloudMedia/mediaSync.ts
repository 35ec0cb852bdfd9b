// Media follow their measurements to the cloud (issue 13 point 10): after the sync engine's
// server has acknowledged a batch of measurements, each one's photos, drawings and videos
// go to Firebase Storage (uploadMediaOf, idempotent and retry-safe), which sets
// `photoCloudLink` and queues the measurement again so the link reaches its document. Where
// no Storage is reachable (the local emulators have no Storage emulator: docs/sync-media.md)
// media stay on the device and the measurements' own sync is not held up by them.
import { getSession } from '../account';
import { firebaseMediaUploader, type MediaUploader } from './mediaUploader';
import { uploadMediaOf } from './uploadMedia';
import { syncEngine, type MeasurementsSyncedHook } from '../sync';
import type { Measurement } from '../../model';
import { mediaStorageAvailable } from '../../services/firebase';
import { stores } from '../../services/storage';
import { saveRecords } from '../../services/storage/storageService';

const MEDIA_FIELDS = ['imageUrl', 'videoUrl', 'drawingUrl'] as const;

const hasMedia = (m: Partial<Measurement>) => MEDIA_FIELDS.some((field) => typeof m[field] === 'string' && m[field] !== '');

/** Waits before a measurement whose media failed to upload is queued again (then the last, repeated). */
export const MEDIA_RETRY_MS = [30_000, 120_000, 600_000] as const;

export interface MediaSyncDeps {
  uploader: MediaUploader;
  /** The signed-in user's uid, or null (nothing is uploaded then). */
  ownerId: () => string | null;
  /** Whether a media store is reachable at all (no Storage emulator: media stay local). */
  available: () => boolean;
  retryMs?: readonly number[];
}

/**
 * The hook: uploads the media of each acknowledged measurement that has some. A failure
 * never throws into the engine: the measurement is queued again after a backoff (a put of
 * its stored record), so its next acknowledgement retries the media (nothing sent twice).
 */
export function mediaSyncHook(deps: MediaSyncDeps): MeasurementsSyncedHook {
  const failures = new Map<string, number>();
  const retryMs = deps.retryMs ?? MEDIA_RETRY_MS;
  const retryLater = (id: string) => {
    const count = failures.get(id) ?? 0;
    failures.set(id, count + 1);
    setTimeout(
      () => {
        void stores.measurements
          .get(id)
          .then((latest) => (latest ? saveRecords([{ kind: 'put', store: 'measurements', item: latest }]) : undefined))
          .catch(() => undefined);
      },
      retryMs[Math.min(count, retryMs.length - 1)],
    );
  };
  return async (changes) => {
    const ownerId = deps.ownerId();
    if (ownerId === null || !deps.available()) return;
    for (const change of changes) {
      const record = change.record as Partial<Measurement> | undefined;
      if (change.entry.op !== 'put' || !record?.id || !hasMedia(record)) continue;
      try {
        await uploadMediaOf(record.id, { uploader: deps.uploader, ownerId });
        failures.delete(record.id);
      } catch (error) {
        console.warn(`Media of measurement ${record.id} not uploaded yet:`, error);
        retryLater(record.id);
      }
    }
  };
}

let connected = false;

/** Connects the hook to the app's sync engine (once), uploading to Firebase Storage. */
export function connectMediaSync(): void {
  if (connected) return;
  connected = true;
  syncEngine().afterMeasurementsSynced.add(
    mediaSyncHook({
      uploader: firebaseMediaUploader,
      ownerId: () => {
        const session = getSession();
        return session.state === 'signed-in' ? session.user.uid : null;
      },
      available: () => mediaStorageAvailable(),
    }),
  );
}
