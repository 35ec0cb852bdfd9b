// The camera part of the capture form (issue 14 points 2, 4, 6): start and stop the
// camera, 'Take photo' (with previewEnabled, the surveyor sees it and keeps or retakes it),
// 'Draw sketch', and the camera's state in words. What is taken or drawn waits for the next
// saved measurement; with autoCapture a photo is taken as the measurement is saved.
import { useEffect, useId, useRef, useState } from 'react';
import { useSettings } from '../settings';
import { grabFrame, startCamera, stopCamera, useCamera } from './cameraController';
import { SketchPad } from './SketchPad';
import { VideoBufferStatus } from './VideoBufferStatus';
import './camera.css';

export interface HeldMedia {
  /** A photo taken for the next measurement (a camera frame, stamped when it is kept). */
  frame: ImageBitmap | null;
  /** A drawing made for the next measurement. */
  drawing: Blob | null;
}

export function CameraPanel({ surveyId, held, onHeld }: { surveyId: string; held: HeldMedia; onHeld: (next: HeldMedia) => void }) {
  const { settings } = useSettings();
  const camera = useCamera();
  const cam = settings.camera;
  const id = useId();
  const [preview, setPreview] = useState<ImageBitmap | null>(null);
  const [sketching, setSketching] = useState(false);
  const [note, setNote] = useState('');
  const start = () => startCamera(cam.selectedCamera, cam.imageSize).catch(() => undefined);

  const take = async () => {
    setNote('');
    try {
      await startCamera(cam.selectedCamera, cam.imageSize);
      const frame = await grabFrame();
      if (cam.previewEnabled) setPreview(frame);
      else {
        held.frame?.close();
        onHeld({ ...held, frame });
        setNote('Photo taken: it is kept with the next measurement you save.');
      }
    } catch {
      // The camera state says why (no camera, denied, in use).
    }
  };
  const keep = () => {
    held.frame?.close();
    onHeld({ ...held, frame: preview });
    setPreview(null);
    setNote('Photo kept: it is saved with the next measurement.');
  };
  const retake = () => {
    preview?.close();
    setPreview(null);
    void take();
  };

  const on = camera.status === 'on';
  const offHint = cam.autoCapture && !on && camera.status !== 'failed' ? 'Camera off: measurements are saved without a photo. Start the camera to capture one with each.' : '';
  return (
    <div className="camera" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="camera__title">
        Camera
      </span>
      {on && <LiveView stream={camera.stream} fill={cam.displayMode === 'fill'} />}
      {preview && <PhotoPreview frame={preview} onKeep={keep} onRetake={retake} />}
      <div className="actions">
        {on ? (
          <button type="button" onClick={() => stopCamera()}>
            Stop camera
          </button>
        ) : (
          <button type="button" onClick={() => void start()} disabled={camera.status === 'starting'}>
            Start camera
          </button>
        )}
        <button type="button" onClick={() => void take()} disabled={camera.status === 'starting'}>
          Take photo
        </button>
        <button type="button" onClick={() => setSketching(true)} aria-expanded={sketching}>
          Draw sketch
        </button>
      </div>
      <p className="camera__status" role="status">
        {camera.status === 'starting' ? 'Starting the camera…' : camera.message ?? (note || offHint)}
      </p>
      {held.frame && !preview && <p className="camera__held">A photo is ready for the next measurement.</p>}
      {held.drawing && <p className="camera__held">A drawing is ready for the next measurement.</p>}
      {cam.videoMode && <VideoBufferStatus surveyId={surveyId} />}
      {sketching && (
        <SketchPad
          background={held.frame}
          onSave={(drawing) => {
            onHeld({ ...held, drawing });
            setSketching(false);
            setNote('Drawing saved: it is kept with the next measurement you save.');
          }}
          onCancel={() => setSketching(false)}
        />
      )}
    </div>
  );
}

function LiveView({ stream, fill }: { stream: MediaStream | null; fill: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return <video ref={ref} className={`camera__live camera__live--${fill ? 'fill' : 'fit'}`} muted playsInline aria-label="Camera view" />;
}

function PhotoPreview({ frame, onKeep, onRetake }: { frame: ImageBitmap; onKeep: () => void; onRetake: () => void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    ref.current?.getContext('2d')?.drawImage(frame, 0, 0);
  }, [frame]);
  return (
    <div className="camera__preview">
      <canvas ref={ref} width={frame.width} height={frame.height} aria-label="Photo preview" />
      <div className="actions">
        <button type="button" className="button--primary" onClick={onKeep}>
          Keep photo
        </button>
        <button type="button" onClick={onRetake}>
          Retake photo
        </button>
      </div>
    </div>
  );
}
