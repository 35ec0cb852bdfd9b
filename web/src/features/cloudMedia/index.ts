// Media upload (issue 13 point 10; docs/sync-media.md): a measurement's photos, videos and
// drawings to Firebase Storage (or the stand-in) after its batch is acknowledged.
export { firebaseMediaUploader, httpMediaUploader, MEDIA_MAX_BYTES, MEDIA_TYPES, mediaObjectPath, mediaRefusal } from './mediaUploader';
export type { MediaUploader } from './mediaUploader';
export { uploadMediaOf } from './uploadMedia';
export type { MediaUploadDeps, MediaUploadResult } from './uploadMedia';
export { connectMediaSync, mediaSyncHook, MEDIA_RETRY_MS } from './mediaSync';
export type { MediaSyncDeps } from './mediaSync';
