// The camera adapter (ARCHITECTURE.md services/camera): opening a camera with
// getUserMedia, listing the cameras the browser knows, and turning every failure into a
// CameraError whose message says what happened and that measurements are still saved.

export type CameraErrorCode = 'unsupported' | 'no-camera' | 'denied' | 'in-use' | 'failed';

/** What the surveyor reads for each failure (issue 14 point 6: never blocks saving). */
export const CAMERA_MESSAGES: Record<CameraErrorCode, string> = {
  unsupported: 'This browser cannot use a camera here (it needs a recent browser and an https page). Measurements are still saved, without photos.',
  'no-camera': 'No camera found. Connect a camera or choose another in settings; measurements are still saved, without photos.',
  denied: 'Camera permission denied. Allow the camera for this site in the browser settings to take photos; measurements are still saved.',
  'in-use': 'The camera is in use by another app or could not start. Close the other app and try again; measurements are still saved.',
  failed: 'The camera could not start. Measurements are still saved, without photos.',
};

export class CameraError extends Error {
  readonly code: CameraErrorCode;
  constructor(code: CameraErrorCode, options?: { cause?: unknown }) {
    super(CAMERA_MESSAGES[code], options);
    this.name = 'CameraError';
    this.code = code;
  }
}

/** The getUserMedia failure named by the spec (DOMException names) as our code. */
export function cameraErrorOf(error: unknown): CameraError {
  if (error instanceof CameraError) return error;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return new CameraError('denied', { cause: error });
    case 'NotFoundError':
    case 'OverconstrainedError':
      return new CameraError('no-camera', { cause: error });
    case 'NotReadableError':
    case 'AbortError':
      return new CameraError('in-use', { cause: error });
    default:
      return new CameraError('failed', { cause: error });
  }
}

export interface CameraDevice {
  deviceId: string;
  label: string;
}

const mediaDevices = (): MediaDevices | null => (typeof navigator !== 'undefined' && 'mediaDevices' in navigator && typeof navigator.mediaDevices.getUserMedia === 'function' ? navigator.mediaDevices : null);

/** The video inputs the browser lists (labels are empty until a permission was granted). */
export async function listCameras(): Promise<CameraDevice[]> {
  const devices = mediaDevices();
  if (!devices?.enumerateDevices) return [];
  const all = await devices.enumerateDevices();
  return all
    .filter((d) => d.kind === 'videoinput')
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
}

/** "1280x720" → { width: 1280, height: 720 } (the SPEC §9 default when unreadable). */
export function parseImageSize(text: string): { width: number; height: number } {
  const match = /^(\d{2,5})\s*[x×]\s*(\d{2,5})$/.exec(text.trim());
  if (!match) return { width: 1280, height: 720 };
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * Opens the camera: the chosen device when it is still there (else the default one), at the
 * image size asked for (the browser picks the nearest it can), video only.
 */
export async function openCamera(deviceId: string, imageSize: string): Promise<MediaStream> {
  const devices = mediaDevices();
  if (!devices) throw new CameraError('unsupported');
  const { width, height } = parseImageSize(imageSize);
  const video: MediaTrackConstraints = { width: { ideal: width }, height: { ideal: height } };
  try {
    if (deviceId) {
      try {
        return await devices.getUserMedia({ video: { ...video, deviceId: { exact: deviceId } }, audio: false });
      } catch (error) {
        // The chosen camera is gone (unplugged, another tablet): fall back to the default one.
        if (!(error instanceof DOMException) || (error.name !== 'NotFoundError' && error.name !== 'OverconstrainedError')) throw error;
      }
    }
    return await devices.getUserMedia({ video, audio: false });
  } catch (error) {
    throw cameraErrorOf(error);
  }
}

/** A video type MediaRecorder can write here, webm first (SPEC §9 names videos .webm). */
export function recordingType(): string {
  if (typeof MediaRecorder === 'undefined') return '';
  for (const type of ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm']) if (MediaRecorder.isTypeSupported(type)) return type;
  return '';
}
