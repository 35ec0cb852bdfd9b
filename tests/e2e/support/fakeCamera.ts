// The clip Chromium's fake camera plays in the camera suites (--use-file-for-fake-video-
// capture, ecosystem review §3): a YUV4MPEG2 file written at test time (never committed),
// a known picture so tests can check a photo's pixels: a solid orange frame with a white
// square moving along its middle (so video clips are not one still image).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FAKE_CLIP = join(tmpdir(), 'clearway-camera', 'road.y4m');
export const CLIP_SIZE = { width: 640, height: 360 };
/** The clip's colour in YUV (BT.601): Y 150, U 60, V 200 is a strong orange (about 250, 120, 30 in RGB). */
const ORANGE = { y: 150, u: 60, v: 200 };
const FRAMES = 30;
const RATE = 15;

export function writeFakeClip(path = FAKE_CLIP): string {
  const { width, height } = CLIP_SIZE;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${RATE}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const parts: Buffer[] = [header];
  for (let f = 0; f < FRAMES; f += 1) {
    const frame = Buffer.alloc(ySize + 2 * cSize);
    frame.fill(ORANGE.y, 0, ySize);
    frame.fill(ORANGE.u, ySize, ySize + cSize);
    frame.fill(ORANGE.v, ySize + cSize);
    // The moving white square (luma 235, neutral chroma) in the middle band.
    const side = 40;
    const left = Math.round((f / FRAMES) * (width - side));
    const top = Math.round(height / 2 - side / 2);
    for (let y = top; y < top + side; y += 1) frame.fill(235, y * width + left, y * width + left + side);
    for (let y = top / 2; y < (top + side) / 2; y += 1) {
      const row = Math.floor(y) * (width / 2) + left / 2;
      frame.fill(128, ySize + row, ySize + row + side / 2);
      frame.fill(128, ySize + cSize + row, ySize + cSize + row + side / 2);
    }
    parts.push(Buffer.from('FRAME\n', 'ascii'), frame);
  }
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, Buffer.concat(parts));
  return path;
}

/** Chromium flags for a fake camera fed from the clip, allowed without a prompt. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${FAKE_CLIP}`];
