// The camera feature (issue 14): photos stamped off the main thread with their EXIF, the
// video buffer, sketches, and each kept as a media record of its measurement.
export { CameraPanel } from './CameraPanel';
export type { HeldMedia } from './CameraPanel';
export { keepCapturedMedia } from './captureMedia';
export type { SavedMeasurement } from './captureMedia';
export { MediaThumbs } from './MediaThumbs';
export { MediaUsage } from './MediaUsage';
export { clipsKept } from './videoBuffer';
export { stampLines, exifOf } from './stamp';
