// The video buffer's controller and its visible state (issue 14 point 3): while video mode
// is on and the camera runs it records; it pauses when the page hides and resumes when it
// shows again; it stops when the camera goes away; it says how many clips it holds.
import { useEffect, useState } from 'react';
import { useSettings } from '../settings';
import { useCamera } from './cameraController';
import { BUFFER_MESSAGES, clipsKept, startBuffer, stopBuffer, useBufferState } from './videoBuffer';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export function VideoBufferStatus({ surveyId }: { surveyId: string }) {
  const { settings } = useSettings();
  const camera = useCamera();
  const buffer = useBufferState();
  const { recordingDuration, videoBufferDuration } = settings.camera;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');

  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('pagehide', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('pagehide', onChange);
    };
  }, []);

  const stream = camera.stream;
  useEffect(() => {
    if (!stream) {
      if (camera.status === 'failed') stopBuffer(BUFFER_MESSAGES.camera);
      return;
    }
    if (!visible) {
      stopBuffer(BUFFER_MESSAGES.hidden);
      return;
    }
    void startBuffer(stream, surveyId, recordingDuration, videoBufferDuration);
    return () => stopBuffer();
  }, [stream, visible, surveyId, recordingDuration, videoBufferDuration, camera.status]);

  const keep = clipsKept(recordingDuration, videoBufferDuration);
  let text: string;
  if (buffer.status === 'recording') text = `Video buffer recording: ${buffer.clips} of ${keep} clips kept (${megabytes(buffer.bytes)}).`;
  else if (buffer.message) text = buffer.message;
  else text = 'Video buffer off: start the camera to record the approach to each measurement.';
  return (
    <p className={`camera__buffer camera__buffer--${buffer.status}`} role="status" aria-label="Video buffer" data-clips={buffer.clips}>
      {text}
    </p>
  );
}
