// Uploads a measurement's media (photos and drawings in `media`, videos in `videoBlobs`) once
// its batch is acknowledged (issue 13 point 10; docs/sync-media.md). `uploadMediaOf(id)` is
// what the sync engine calls; it is idempotent and retry-safe:
// - each medium goes to a path named by its id (a retry overwrites the same object);
// - a medium whose link is recorded on the measurement (`mediaCloudLinks`) is not sent again;
// - links are recorded after each upload, on the measurement as it is then (an edit made
//   meanwhile is kept), so a crash mid-way resumes with what is left;
// - two calls for one measurement at once share one run.
// The measurement's `photoCloudLink` (SPEC §3) is the link of its photo, else its drawing,
// else its video. Saving the measurement queues it for upload again, so the cloud copy gets it.
import type { Measurement, MediaKind, StoredMedia } from '../../model';
import { stores } from '../../services/storage';
import { saveRecords, type PutOp } from '../../services/storage/storageService';
import { mediaObjectPath, mediaRefusal, type MediaUploader } from './mediaUploader';

export interface MediaUploadDeps {
  uploader: MediaUploader;
  /** The signed-in user's uid: the owner of the objects. */
  ownerId: string;
}

export interface MediaUploadResult {
  /** Media sent by this call. */
  uploaded: number;
  /** Media whose link was already recorded (not sent again). */
  already: number;
  /** Media not sent, with why in words (a type or a size over the caps): retrying will not help. */
  refused: { id: string; reason: string }[];
  /** The measurement's photoCloudLink after this call (null when none, or the measurement is gone). */
  photoCloudLink: string | null;
}

type Links = Record<string, string>;

const PREFERENCE: readonly MediaKind[] = ['image', 'drawing', 'video'];

function linksOf(m: Measurement): Links {
  const raw = m.mediaCloudLinks;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function photoLink(media: readonly StoredMedia[], links: Links): string | null {
  for (const kind of PREFERENCE) {
    const first = media.filter((m) => m.kind === kind).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).find((m) => links[m.id]);
    if (first) return links[first.id] ?? null;
  }
  return null;
}

/** Records `links` on the measurement as it is now (null when it was deleted meanwhile). */
async function recordLinks(measurementId: string, media: readonly StoredMedia[], links: Links): Promise<string | null> {
  const current = await stores.measurements.get(measurementId);
  if (!current) return null;
  const merged = { ...linksOf(current), ...links };
  const photoCloudLink = photoLink(media, merged);
  const unchanged = JSON.stringify(linksOf(current)) === JSON.stringify(merged) && current.photoCloudLink === photoCloudLink;
  if (!unchanged) {
    const item: Measurement = { ...current, mediaCloudLinks: merged, ...(photoCloudLink ? { photoCloudLink } : {}) };
    await saveRecords([{ kind: 'put', store: 'measurements', item } as PutOp]);
  }
  return photoCloudLink;
}

async function run(measurementId: string, deps: MediaUploadDeps): Promise<MediaUploadResult> {
  const result: MediaUploadResult = { uploaded: 0, already: 0, refused: [], photoCloudLink: null };
  const measurement = await stores.measurements.get(measurementId);
  if (!measurement) return result;
  const media = await stores.media.ofMeasurement(measurementId);
  const links = linksOf(measurement);
  for (const medium of media) {
    if (links[medium.id]) {
      result.already += 1;
      continue;
    }
    const refusal = mediaRefusal(medium);
    if (refusal) {
      result.refused.push({ id: medium.id, reason: refusal });
      continue;
    }
    const link = await deps.uploader.upload(mediaObjectPath(deps.ownerId, medium), medium.blob, medium.type);
    links[medium.id] = link;
    result.uploaded += 1;
    // Recorded at once: a failure on the next medium does not send this one again.
    result.photoCloudLink = await recordLinks(measurementId, media, { [medium.id]: link });
  }
  if (result.uploaded === 0) result.photoCloudLink = await recordLinks(measurementId, media, {});
  return result;
}

const inFlight = new Map<string, Promise<MediaUploadResult>>();

/**
 * Uploads what is not yet uploaded of the measurement's media and sets its photoCloudLink.
 * Rejects with the uploader's error (the caller retries later: nothing is sent twice).
 */
export function uploadMediaOf(measurementId: string, deps: MediaUploadDeps): Promise<MediaUploadResult> {
  const running = inFlight.get(measurementId);
  if (running) return running;
  const started = run(measurementId, deps).finally(() => inFlight.delete(measurementId));
  inFlight.set(measurementId, started);
  return started;
}
