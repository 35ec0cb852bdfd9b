// The map's icons, drawn on a canvas when maplibre first asks for them (setMissingStyleImageResolver),
// so no sprite file is needed online or offline: a POI marker (its type's colour and glyph),
// a cluster's count.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { poiGlyph } from '../survey';

export const POI_IMAGE_PREFIX = 'poi:';
export const COUNT_IMAGE_PREFIX = 'count:';

const RATIO = 2;

function canvas(size: number): [HTMLCanvasElement, CanvasRenderingContext2D] | null {
  const c = document.createElement('canvas');
  c.width = size * RATIO;
  c.height = size * RATIO;
  const ctx = c.getContext('2d');
  if (!ctx) return null;
  ctx.scale(RATIO, RATIO);
  return [c, ctx];
}

function add(map: MapLibreMap, id: string, c: HTMLCanvasElement): void {
  const ctx = c.getContext('2d');
  if (!ctx || map.hasImage(id)) return;
  map.addImage(id, ctx.getImageData(0, 0, c.width, c.height), { pixelRatio: RATIO });
}

/** 'poi:<colour>|<icon>': a disc in the type's colour, white ring, the icon's glyph in the middle. */
function poiMarker(map: MapLibreMap, id: string): void {
  const [colour, icon] = id.slice(POI_IMAGE_PREFIX.length).split('|');
  const glyph = poiGlyph(icon ?? 'circle');
  const made = canvas(28);
  if (!made) return;
  const [c, ctx] = made;
  ctx.beginPath();
  ctx.arc(14, 14, 12, 0, 2 * Math.PI);
  ctx.fillStyle = colour ?? '#6b7280';
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.font = '14px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(glyph, 14, 15);
  add(map, id, c);
}

/** 'count:<text>': a cluster's abbreviated count, dark text on a white pill. */
function countLabel(map: MapLibreMap, id: string): void {
  const text = id.slice(COUNT_IMAGE_PREFIX.length);
  const width = Math.max(24, 8 + text.length * 8);
  const made = canvas(width);
  if (!made) return;
  const [c, ctx] = made;
  ctx.font = 'bold 13px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, width / 2, width / 2);
  add(map, id, c);
}

/** Draws each icon the first time a layer needs it. */
export function provideImages(map: MapLibreMap): void {
  map.setMissingStyleImageResolver((id: string) => {
    if (id.startsWith(POI_IMAGE_PREFIX)) poiMarker(map, id);
    else if (id.startsWith(COUNT_IMAGE_PREFIX)) countLabel(map, id);
  });
}
