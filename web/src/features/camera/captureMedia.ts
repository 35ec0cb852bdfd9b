// What happens to the camera's media when a measurement has been saved (issue 14 points
// 2–4, 6): the photo taken for it (or, with autoCapture, one taken now) is stamped in the
// worker and kept, the drawing is kept, and the video buffer's clips become its video.
// Called after the measurement is stored; it never throws and never delays the save.
import type { Measurement, Survey } from '../../model';
import type { CameraSettings } from '../settings';
import { cameraState, grabFrame } from './cameraController';
import type { HeldMedia } from './CameraPanel';
import { keepFailure, keepMedia, type UpdateMeasurement } from './keepMedia';
import { setPending } from './pendingMedia';
import { stampPhoto, stampRequest } from './photo';
import { attachBuffer } from './videoBuffer';

export interface SavedMeasurement {
  measurement: Measurement;
  survey: Pick<Survey, 'surveyTitle' | 'projectNumber' | 'surveyorName'>;
  poiId: string;
  poiTypeLabel: string;
  update: UpdateMeasurement;
}

export async function keepCapturedMedia(held: HeldMedia, saved: SavedMeasurement, settings: CameraSettings): Promise<void> {
  const { measurement, update } = saved;
  const jobs: Promise<unknown>[] = [];
  let frame = held.frame;
  if (!frame && settings.autoCapture && cameraState().status === 'on') {
    setPending(measurement.id, 'image', { state: 'pending' });
    frame = await grabFrame().catch(() => null);
    if (!frame) setPending(measurement.id, 'image', { state: 'failed', message: 'The camera gave no picture: no photo was taken. The measurement itself is saved.' });
  }
  if (frame) {
    setPending(measurement.id, 'image', { state: 'pending' });
    const photo = frame;
    jobs.push(
      stampPhoto(stampRequest(photo, saved, settings)).then(
        (blob) => keepMedia(measurement, 'image', blob, update),
        (error: unknown) => setPending(measurement.id, 'image', { state: 'failed', message: keepFailure('image', error) }),
      ),
    );
  }
  if (held.drawing) jobs.push(keepMedia(measurement, 'drawing', held.drawing, update));
  if (settings.videoMode) jobs.push(attachBuffer(measurement, update));
  await Promise.all(jobs);
}
