// The map's data kept incrementally (no maplibre, no React): a layer of GeoJSON features by
// id that tells its listener what changed — 'full' (hand the whole collection over: survey
// opened, restyled) or a diff in maplibre's `updateData` shape (remove, then add). The
// measurements layer turns stored records into marker features; the trace layer cuts the
// vehicle trace into lines at its gaps and into chunks of at most TRACE_CHUNK points, so a
// new batch of trace points re-sends only the last chunk.
import type { Measurement, VehicleTracePoint } from '../../model';
import { validPoint, type Collection, type LineFeature, type PointFeature } from './mapData';

type Position = [number, number];

export type LayerEvent<F> = { kind: 'full' } | { kind: 'diff'; remove: string[]; add: F[] };

/** Features by id, with one listener per map (the MapView that draws them). */
export class FeatureLayer<F> {
  private readonly features = new Map<string, F>();
  private readonly listeners = new Set<(event: LayerEvent<F>) => void>();

  get size(): number {
    return this.features.size;
  }

  has(id: string): boolean {
    return this.features.has(id);
  }

  /** Every feature, as one collection (O(n): on open and on a restyle only). */
  collection(): Collection<F> {
    return { type: 'FeatureCollection', features: [...this.features.values()] };
  }

  /** Replaces every feature. */
  reset(features: Iterable<[string, F]>): void {
    this.features.clear();
    for (const [id, f] of features) this.features.set(id, f);
    this.emit({ kind: 'full' });
  }

  /** Adds or replaces `add`, removes `remove`; tells the listeners only what changed. */
  apply(add: readonly [string, F][], remove: readonly string[]): void {
    const gone = new Set<string>();
    for (const id of remove) if (this.features.delete(id)) gone.add(id);
    for (const [id] of add) if (this.features.has(id)) gone.add(id);
    for (const [id, f] of add) this.features.set(id, f);
    if (gone.size === 0 && add.length === 0) return;
    this.emit({ kind: 'diff', remove: [...gone], add: add.map(([, f]) => f) });
  }

  subscribe(listener: (event: LayerEvent<F>) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(event: LayerEvent<F>): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A marker's properties: `mid` (its id, also the source's promoted feature id) and its style. */
export type MarkerProps = { mid: string; colour: string; icon: string } & Record<string, string | number | boolean>;
export type MarkerFeature = PointFeature<MarkerProps>;

/** The style of one measurement's marker (POI type, clearance status...): data for the layers. */
export type MarkerStyler = (m: Measurement) => { colour: string; icon: string } & Record<string, string | number | boolean>;

/** The survey's measurements as markers, kept current from the change signal's records. */
export class MeasurementLayer {
  readonly layer = new FeatureLayer<MarkerFeature>();
  private readonly records = new Map<string, Measurement>();
  private readonly unplacedIds = new Set<string>();

  constructor(
    readonly surveyId: string,
    private styler: MarkerStyler,
  ) {}

  get unplaced(): number {
    return this.unplacedIds.size;
  }

  /** Every measurement of the survey (a full read: on open). */
  load(list: readonly Measurement[]): void {
    this.records.clear();
    for (const m of list) this.records.set(m.id, m);
    this.rebuild();
  }

  /** A new style (POI table, load profile): every marker again, from the records held. */
  restyle(styler: MarkerStyler): void {
    this.styler = styler;
    this.rebuild();
  }

  /** Records written (any survey's: others are ignored) and ids deleted. */
  change(put: readonly { id: string }[], removed: readonly string[]): void {
    const add: [string, MarkerFeature][] = [];
    const remove: string[] = [];
    const drop = (id: string) => {
      this.records.delete(id);
      this.unplacedIds.delete(id);
      remove.push(id);
    };
    for (const id of removed) drop(id);
    for (const item of put) {
      const m = item as Measurement;
      if (m.user_id !== this.surveyId) {
        if (this.records.has(m.id)) drop(m.id);
        continue;
      }
      this.records.set(m.id, m);
      const f = this.feature(m);
      if (f) {
        this.unplacedIds.delete(m.id);
        add.push([m.id, f]);
      } else {
        this.unplacedIds.add(m.id);
        remove.push(m.id);
      }
    }
    this.layer.apply(add, remove);
  }

  private feature(m: Measurement): MarkerFeature | null {
    const at = validPoint(m.latitude, m.longitude);
    if (!at) return null;
    return { type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties: { ...this.styler(m), mid: m.id } as MarkerProps };
  }

  private rebuild(): void {
    this.unplacedIds.clear();
    const out: [string, MarkerFeature][] = [];
    for (const m of this.records.values()) {
      const f = this.feature(m);
      if (f) out.push([m.id, f]);
      else this.unplacedIds.add(m.id);
    }
    this.layer.reset(out);
  }
}

/** Trace points per line feature at most: an appended point re-sends at most this many. */
export const TRACE_CHUNK = 2000;

/** A trace line: `tid` ('segment:chunk') is the source's promoted feature id. */
export type TraceFeature = LineFeature<{ segment: number; tid: string }>;

const timeOf = (p: VehicleTracePoint) => String(p.timestamp ?? '');
const byTime = (a: VehicleTracePoint, b: VehicleTracePoint) => timeOf(a).localeCompare(timeOf(b)) || a.id.localeCompare(b.id);

/**
 * The vehicle trace as lines, never across a gap: a point with `gapBefore` starts a new
 * segment; each segment is cut into chunks of TRACE_CHUNK points that share their end points
 * (so the line is unbroken). Points arriving in time order extend the last chunk.
 */
export class TraceLayer {
  readonly layer = new FeatureLayer<TraceFeature>();
  private points: VehicleTracePoint[] = [];
  private readonly ids = new Set<string>();
  // The open line: its segment number, chunk number and positions.
  private segment = -1;
  private chunk = 0;
  private current: Position[] = [];

  constructor(readonly surveyId: string) {}

  get pointCount(): number {
    return this.points.length;
  }

  /** Every point of the survey's trace (a full read: on open). */
  load(points: readonly VehicleTracePoint[]): void {
    this.points = [...points].sort(byTime);
    this.ids.clear();
    for (const p of this.points) this.ids.add(p.id);
    this.rebuild();
  }

  /** Points written and ids deleted: appended in place when they come after the last one, else rebuilt from memory. */
  change(put: readonly { id: string }[], removed: readonly string[]): void {
    const mine = (put as readonly VehicleTracePoint[]).filter((p) => p.surveyId === this.surveyId);
    const strays = (put as readonly VehicleTracePoint[]).filter((p) => p.surveyId !== this.surveyId && this.ids.has(p.id)).map((p) => p.id);
    const gone = [...removed, ...strays].filter((id) => this.ids.has(id));
    if (mine.length === 0 && gone.length === 0) return;
    const last = this.points[this.points.length - 1];
    const fresh = [...mine].sort(byTime);
    const appendable = gone.length === 0 && fresh.every((p) => !this.ids.has(p.id)) && (!last || !fresh[0] || byTime(last, fresh[0]) < 0);
    if (!appendable) {
      const drop = new Set([...gone, ...fresh.map((p) => p.id)]);
      this.load([...this.points.filter((p) => !drop.has(p.id)), ...fresh]);
      return;
    }
    const touched = new Map<string, TraceFeature>();
    // The open line's positions were handed to the map: extend a copy of them.
    this.current = [...this.current];
    for (const p of fresh) {
      this.points.push(p);
      this.ids.add(p.id);
      this.extend(p, (id, f) => touched.set(id, f));
    }
    this.layer.apply([...touched], []);
  }

  private rebuild(): void {
    this.segment = -1;
    this.chunk = 0;
    this.current = [];
    const out = new Map<string, TraceFeature>();
    for (const p of this.points) this.extend(p, (id, f) => out.set(id, f));
    this.layer.reset(out);
  }

  /** Adds one point to the open line; `emit` gets each line feature it changed (two or more positions). */
  private extend(p: VehicleTracePoint, emit: (id: string, f: TraceFeature) => void): void {
    if (this.segment < 0 || (p.gapBefore === true && this.current.length > 0)) {
      this.segment += 1;
      this.chunk = 0;
      this.current = [];
    }
    const at = validPoint(p.latitude, p.longitude);
    if (!at) return;
    if (this.current.length >= TRACE_CHUNK) {
      // A new chunk, joined to the last one by its end point.
      this.current = this.current.slice(-1);
      this.chunk += 1;
    }
    this.current.push(at);
    if (this.current.length < 2) return;
    const tid = `${this.segment}:${this.chunk}`;
    // The open line's own array (copied before a later batch extends it, never after it is handed over).
    emit(tid, { type: 'Feature', geometry: { type: 'LineString', coordinates: this.current }, properties: { segment: this.segment, tid } });
  }
}
