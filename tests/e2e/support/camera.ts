// Reading what the camera suites check: media records in the app's database (without their
// bytes, or with them as base64), a row of the measurement list, and a photo's pixels
// decoded by the browser.
import type { Page } from '@playwright/test';
import { idbRows } from './storedData';
import { measurementList } from './survey';

export interface MediaMeta {
  id: string;
  measurementId: string;
  surveyId: string;
  kind: string;
  type: string;
  size: number;
  createdAt: string;
}

const meta = (row: Record<string, unknown>): MediaMeta => ({
  id: String(row.id),
  measurementId: String(row.measurementId),
  surveyId: String(row.surveyId),
  kind: String(row.kind),
  type: String(row.type),
  size: Number(row.size),
  createdAt: String(row.createdAt),
});

/** The media records (photos and drawings, then videos) of a measurement id. */
export async function mediaOf(page: Page, measurementId: string): Promise<MediaMeta[]> {
  const still = await idbRows(page, 'media', { name: 'by-measurement', key: measurementId });
  const video = await idbRows(page, 'videoBlobs', { name: 'by-measurement', key: measurementId });
  return [...still, ...video].map(meta);
}

/** The bytes of a stored medium. */
export async function mediaBytes(page: Page, id: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clearway');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      for (const store of ['media', 'videoBlobs']) {
        const row = await new Promise<{ blob: Blob } | undefined>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).get(key);
          request.onsuccess = () => resolve(request.result as { blob: Blob } | undefined);
          request.onerror = () => reject(request.error);
        });
        if (row) {
          const bytes = new Uint8Array(await row.blob.arrayBuffer());
          let text = '';
          for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(text);
        }
      }
      return null;
    } finally {
      db.close();
    }
  }, id);
  if (base64 === null) throw new Error(`no medium ${id}`);
  return Buffer.from(base64, 'base64');
}

/** The row of the measurement list whose identifier is `poiId` (R001-POI00002). */
export const listRow = (page: Page, poiId: string) => measurementList(page).getByRole('listitem').filter({ hasText: poiId });

export interface Pixel {
  r: number;
  g: number;
  b: number;
}

/**
 * Decodes an image in the page and returns, for each box, its average colour and how many
 * of its pixels are white, strongly blue and strongly red.
 */
export async function imageStats(
  page: Page,
  bytes: Buffer,
  type: string,
  boxes: Record<string, { x: number; y: number; w: number; h: number }>,
): Promise<{ width: number; height: number; mean: Record<string, Pixel>; white: Record<string, number>; blue: Record<string, number>; red: Record<string, number> }> {
  return page.evaluate(
    async ({ base64, type, boxes }) => {
      const raw = atob(base64);
      const bytes = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
      const bitmap = await createImageBitmap(new Blob([bytes], { type }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const mean: Record<string, { r: number; g: number; b: number }> = {};
      const white: Record<string, number> = {};
      const blue: Record<string, number> = {};
      const red: Record<string, number> = {};
      for (const [name, box] of Object.entries(boxes)) {
        const data = ctx.getImageData(box.x, box.y, box.w, box.h).data;
        let r = 0;
        let g = 0;
        let b = 0;
        let w = 0;
        let bl = 0;
        let rd = 0;
        for (let i = 0; i < data.length; i += 4) {
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
          if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) w += 1;
          if (data[i + 2]! > 150 && data[i]! < 100) bl += 1;
          if (data[i]! > 150 && data[i + 1]! < 100 && data[i + 2]! < 100) rd += 1;
        }
        const n = data.length / 4;
        mean[name] = { r: r / n, g: g / n, b: b / n };
        white[name] = w;
        blue[name] = bl;
        red[name] = rd;
      }
      return { width: bitmap.width, height: bitmap.height, mean, white, blue, red };
    },
    { base64: bytes.toString('base64'), type, boxes },
  );
}
