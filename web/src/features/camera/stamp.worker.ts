// The stamp worker: draws a camera frame and its stamp on an OffscreenCanvas, encodes it
// (JPEG by default, SPEC §9) and writes the EXIF, so a photo costs the page only the frame
// grab and the store write (issue 14 point 8).
import { withExif } from './exif';
import { drawStamp } from './stampDraw';
import type { StampRequest, StampResponse } from './stampProtocol';

const post = (message: StampResponse) => (self as unknown as Worker).postMessage(message);

async function stamp(request: StampRequest): Promise<Blob> {
  const canvas = new OffscreenCanvas(request.width, request.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas in the worker');
  drawStamp(ctx, request.frame, request);
  request.frame.close();
  const encoded = await canvas.convertToBlob({ type: request.type, quality: 0.9 });
  if (request.type !== 'image/jpeg' || !request.exif) return encoded;
  const bytes = withExif(new Uint8Array(await encoded.arrayBuffer()), request.exif);
  return new Blob([bytes], { type: 'image/jpeg' });
}

self.onmessage = (event: MessageEvent<StampRequest>) => {
  const request = event.data;
  stamp(request).then(
    (blob) => post({ id: request.id, blob }),
    (error: unknown) => post({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
};
