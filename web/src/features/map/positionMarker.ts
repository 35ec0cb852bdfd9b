// The live position on the map: a dot, its heading arrow and its accuracy circle, as one DOM
// marker over the canvas (as maplibre's own GeolocateControl draws it). Moving it is a CSS
// transform: a new fix never makes maplibre parse a source in its worker, fetch icons or
// redraw the whole map, which on a tablet's CPU cost more than everything else the
// workspace does with a 20 Hz receiver (bench gps-panel). Only following the position moves
// the camera, and so redraws the map, once per sampled position.
import * as maplibregl from 'maplibre-gl';
import { accuracyMetres, metresPerPixel, validPoint, type LivePosition } from './mapData';

/** The accuracy circle is not drawn wider than this (px): beyond it, it covers the map anyway. */
export const MAX_CIRCLE_PX = 4096;

export class PositionMarker {
  readonly element: HTMLDivElement;
  private readonly circle: HTMLDivElement;
  private readonly marker: maplibregl.Marker;
  private lat: number | null = null;
  private accuracy: number | null = null;
  private shown = false;

  constructor(private readonly map: maplibregl.Map) {
    this.element = document.createElement('div');
    this.element.className = 'cw-position';
    this.element.dataset.testid = 'live-position';
    // The GPS panel says where the surveyor is in words; the picture is not read twice.
    this.element.setAttribute('aria-hidden', 'true');
    this.circle = document.createElement('div');
    this.circle.className = 'cw-position__accuracy';
    const arrow = document.createElement('div');
    arrow.className = 'cw-position__heading';
    const dot = document.createElement('div');
    dot.className = 'cw-position__dot';
    this.element.append(this.circle, arrow, dot);
    // rotationAlignment 'map': the arrow points to its true heading whatever the map's bearing.
    this.marker = new maplibregl.Marker({ element: this.element, rotationAlignment: 'map', pitchAlignment: 'map' });
    map.on('zoom', this.resize);
  }

  /** Whether the marker is on the map (a position was shown and not hidden since). */
  get onMap(): boolean {
    return this.shown;
  }

  /** Shows the position (or hides the marker when there is none). */
  update(p: LivePosition): void {
    const at = validPoint(p.latitude, p.longitude);
    if (!at) {
      if (this.shown) this.marker.remove();
      this.shown = false;
      return;
    }
    this.marker.setLngLat(at);
    if (!this.shown) this.marker.addTo(this.map);
    this.shown = true;
    const hasHeading = typeof p.course === 'number' && Number.isFinite(p.course);
    this.element.dataset.heading = hasHeading ? String(p.course) : '';
    // Each of setLngLat and setRotation places the marker again: the second only when it turns.
    const rotation = hasHeading ? (p.course as number) : 0;
    if (this.marker.getRotation() !== rotation) this.marker.setRotation(rotation);
    this.lat = at[1];
    this.accuracy = accuracyMetres(p);
    this.element.dataset.accuracyM = this.accuracy === null ? '' : String(this.accuracy);
    this.resize();
  }

  /** The circle's diameter follows the zoom: it stands for metres on the ground. */
  private readonly resize = (): void => {
    if (this.lat === null || this.accuracy === null) {
      this.circle.hidden = true;
      return;
    }
    const px = Math.min(MAX_CIRCLE_PX, (2 * this.accuracy) / metresPerPixel(this.lat, this.map.getZoom()));
    this.circle.hidden = false;
    this.circle.style.width = this.circle.style.height = `${px}px`;
  };

  remove(): void {
    this.map.off('zoom', this.resize);
    this.marker.remove();
  }
}
