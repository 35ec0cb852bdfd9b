// Where a measurement's media go (issue 13 point 10; docs/sync-media.md): a `MediaUploader`
// puts one medium's bytes at a path and answers with the link to them. Two implementations:
// Firebase Storage (the product's, through services/firebase, SDK loaded lazily) and a plain
// HTTP PUT to a base URL (the local stand-in that tests run against, since the Storage
// emulator cannot run on a machine without internet). Also the caps every upload obeys.
import { uploadToFirebaseStorage } from '../../services/firebase';
import type { MediaKind, StoredMedia } from '../../model';

export interface MediaUploader {
  /** Stores `blob` at `path` (again at the same path: the same object) and resolves to its link. */
  upload(path: string, blob: Blob, contentType: string): Promise<string>;
}

/** The types a medium may have, per kind (storage.rules holds the same list). */
export const MEDIA_TYPES: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  drawing: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'],
  video: ['video/webm', 'video/mp4'],
};

/** The largest medium uploaded, per kind, in bytes (storage.rules holds the same caps). */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  image: 20 * 1024 * 1024,
  drawing: 10 * 1024 * 1024,
  video: 200 * 1024 * 1024,
};

/** Why a medium is not uploaded, in words; null when it may be. */
export function mediaRefusal(medium: Pick<StoredMedia, 'kind' | 'type' | 'blob'>): string | null {
  const type = medium.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!MEDIA_TYPES[medium.kind].includes(type)) return `A ${medium.kind} of type ${medium.type || 'unknown'} is not uploaded (allowed: ${MEDIA_TYPES[medium.kind].join(', ')})`;
  const max = MEDIA_MAX_BYTES[medium.kind];
  if (medium.blob.size > max) return `A ${medium.kind} of ${medium.blob.size} bytes is over the ${max / 1024 / 1024} MiB limit`;
  if (medium.blob.size === 0) return `The ${medium.kind} is empty`;
  return null;
}

/**
 * The object path of a medium: under its owner (storage.rules lets only them write there)
 * and its survey, named by the medium's id, so a retry overwrites rather than duplicates.
 */
export function mediaObjectPath(ownerId: string, medium: Pick<StoredMedia, 'id' | 'surveyId' | 'kind'>): string {
  const safe = (s: string) => encodeURIComponent(s);
  return `users/${safe(ownerId)}/surveys/${safe(medium.surveyId)}/${medium.kind}/${safe(medium.id)}`;
}

/** Firebase Storage (the product's uploader). */
export const firebaseMediaUploader: MediaUploader = {
  upload: (path, blob, contentType) => uploadToFirebaseStorage(path, blob, contentType),
};

/**
 * A plain HTTP store: PUT `${baseUrl}/${path}` with the bytes; the answer's JSON `{ url }` (or
 * else that URL itself) is the link. What the tests' stand-in server speaks.
 */
export function httpMediaUploader(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): MediaUploader {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async upload(path, blob, contentType) {
      const url = `${base}/${path}`;
      const res = await fetchImpl(url, { method: 'PUT', headers: { 'content-type': contentType }, body: blob });
      if (!res.ok) throw new Error(`Media upload failed: HTTP error! status: ${res.status}`);
      const text = await res.text();
      try {
        const body = JSON.parse(text) as { url?: unknown };
        if (typeof body.url === 'string') return body.url;
      } catch {
        /* not JSON: the URL put to is the link */
      }
      return url;
    },
  };
}
