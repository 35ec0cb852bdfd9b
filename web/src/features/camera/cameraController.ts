// The one camera of the app: its stream, its state (off, starting, on, failed) and the
// message that says why, shared by the capture form, the video buffer and settings. The
// stream outlives page changes; frames are grabbed from a detached <video> as ImageBitmaps
// (cheap on the main thread; the stamping and encoding happen in a worker).
import { useSyncExternalStore } from 'react';
import { CameraError, cameraErrorOf, openCamera } from '../../services/camera';

export type CameraStatus = 'off' | 'starting' | 'on' | 'failed';

export interface CameraState {
  status: CameraStatus;
  /** Why the camera is off or failed, in words (null when there is nothing to say). */
  message: string | null;
  stream: MediaStream | null;
}

export const CAMERA_DISCONNECTED = 'The camera was disconnected. Measurements are still saved; start the camera again to take photos.';

let state: CameraState = { status: 'off', message: null, stream: null };
const listeners = new Set<() => void>();
let video: HTMLVideoElement | null = null;
let opening: Promise<MediaStream> | null = null;

function set(next: Partial<CameraState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const cameraState = (): CameraState => state;

export function subscribeCamera(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCamera(): CameraState {
  return useSyncExternalStore(subscribeCamera, cameraState, cameraState);
}

/** Starts the camera (or returns the running stream). Rejects with a CameraError. */
export function startCamera(deviceId: string, imageSize: string): Promise<MediaStream> {
  if (state.stream) return Promise.resolve(state.stream);
  if (opening) return opening;
  set({ status: 'starting', message: null });
  opening = (async () => {
    try {
      const stream = await openCamera(deviceId, imageSize);
      const track = stream.getVideoTracks()[0];
      // Unplugged, or taken by the system: the track ends; say so and stop cleanly.
      track?.addEventListener('ended', () => {
        if (state.stream === stream) stopCamera(CAMERA_DISCONNECTED);
      });
      video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      set({ status: 'on', message: null, stream });
      return stream;
    } catch (error) {
      const failure = cameraErrorOf(error);
      set({ status: 'failed', message: failure.message, stream: null });
      throw failure;
    } finally {
      opening = null;
    }
  })();
  return opening;
}

/** Stops the camera; `message` says why when it was not the surveyor's choice. */
export function stopCamera(message: string | null = null) {
  const stream = state.stream;
  for (const track of stream?.getTracks() ?? []) track.stop();
  if (video) video.srcObject = null;
  video = null;
  set({ status: message ? 'failed' : 'off', message, stream: null });
}

/** Waits until the detached video has a frame to give (at most `timeoutMs`). */
async function frameReady(element: HTMLVideoElement, timeoutMs = 3000): Promise<void> {
  const start = performance.now();
  while (element.readyState < 2 || element.videoWidth === 0) {
    if (performance.now() - start > timeoutMs) throw new CameraError('failed');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

interface FrameGrabber {
  grabFrame(): Promise<ImageBitmap>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => FrameGrabber;

/**
 * The current camera frame as an ImageBitmap (the camera must be on): ImageCapture's
 * grabFrame where the browser has it (the frame comes from the track, not read back from a
 * <video>), else a bitmap of the detached video.
 */
export async function grabFrame(): Promise<ImageBitmap> {
  if (!state.stream || !video) throw new CameraError('failed');
  const Capture = (globalThis as unknown as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  const track = state.stream.getVideoTracks()[0];
  if (Capture && track?.readyState === 'live') {
    try {
      return await new Capture(track).grabFrame();
    } catch {
      // Some devices refuse; the video element still has the frame.
    }
  }
  await frameReady(video);
  return createImageBitmap(video);
}
