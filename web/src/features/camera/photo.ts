// Taking a photo (issue 14 point 2): a frame from the camera, stamped, encoded and given
// its EXIF in the stamp worker (off the main thread), at the image size and format of the
// camera settings.
import { parseImageSize } from '../../services/camera';
import type { CameraSettings } from '../settings';
import { exifOf, stampLines, type StampSubject } from './stamp';
import type { StampRequest, StampResponse } from './stampProtocol';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();

function stampWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./stamp.worker.ts', import.meta.url), { type: 'module', name: 'stamp' });
  worker.onmessage = (event: MessageEvent<StampResponse>) => {
    const job = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (!job) return;
    if ('blob' in event.data) job.resolve(event.data.blob);
    else job.reject(new Error(event.data.error));
  };
  worker.onerror = (event) => {
    for (const job of waiting.values()) job.reject(new Error(event.message || 'The photo worker failed'));
    waiting.clear();
    worker = null;
  };
  return worker;
}

/** The request for the worker: what the settings ask of this subject. */
export function stampRequest(frame: ImageBitmap, subject: StampSubject, settings: CameraSettings, now = new Date()): Omit<StampRequest, 'id'> {
  const { width, height } = parseImageSize(settings.imageSize);
  const type = ['image/jpeg', 'image/png', 'image/webp'].includes(settings.imageFormat) ? settings.imageFormat : 'image/jpeg';
  return {
    frame,
    width,
    height,
    type,
    displayMode: settings.displayMode === 'fill' ? 'fill' : 'fit',
    lines: stampLines(subject, settings.overlayOptions, settings.overlayFields, now),
    logo: settings.overlayOptions.enabled && settings.overlayOptions.showLogo,
    exif: exifOf(subject, now),
  };
}

/** Stamps and encodes `frame` in the worker (the frame is transferred and closed). */
export function stampPhoto(request: Omit<StampRequest, 'id'>): Promise<Blob> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    stampWorker().postMessage({ ...request, id }, [request.frame]);
  });
}
