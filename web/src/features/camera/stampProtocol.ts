// Messages between the page and the stamp worker (stamp.worker.ts).
import type { ExifInput } from './stamp';

export interface StampRequest {
  id: number;
  /** The camera frame (transferred). */
  frame: ImageBitmap;
  width: number;
  height: number;
  /** 'image/jpeg', 'image/png' or 'image/webp'. */
  type: string;
  /** 'fit' letterboxes the frame, 'fill' crops it to the image size. */
  displayMode: 'fit' | 'fill';
  lines: string[];
  logo: boolean;
  /** Written into JPEGs only. */
  exif: ExifInput | null;
}

export type StampResponse = { id: number; blob: Blob } | { id: number; error: string };
