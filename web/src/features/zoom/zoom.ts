// Display zoom: a percentage kept in localStorage under `zoomLevel` ("125", or "125%")
// and applied to document.body before the first render (main.tsx), so field tablets
// with small screens can enlarge the whole app.
import { readFlag, writeFlag } from '../../services/storage/localFlags';

export const MIN_ZOOM_PERCENT = 50;
export const MAX_ZOOM_PERCENT = 300;

/** The zoom in percent, or null when the value is missing, not a number or out of range. */
export function parseZoomLevel(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
  if (!match) return null;
  const percent = Number(match[1]);
  return percent >= MIN_ZOOM_PERCENT && percent <= MAX_ZOOM_PERCENT ? percent : null;
}

export function applyZoom(percent: number): void {
  document.body.style.zoom = `${percent}%`;
}

/** Applies the saved zoom, if any; returns it. */
export function applySavedZoom(): number | null {
  const percent = parseZoomLevel(readFlag('zoomLevel'));
  if (percent !== null) applyZoom(percent);
  return percent;
}

export function readSavedZoom(): number {
  return parseZoomLevel(readFlag('zoomLevel')) ?? 100;
}

/** Saves and applies a zoom; values out of range are refused (returns false). */
export function saveZoom(percent: number): boolean {
  if (parseZoomLevel(String(percent)) === null) return false;
  writeFlag('zoomLevel', String(percent));
  applyZoom(percent);
  return true;
}
