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

/**
 * The survey's measurements as markers, kept current from the change signal's records. Only
 * the features are kept (no copy of the records: with 100,000 of them, the heap — and so the
 * garbage collector's pauses while the map pans — is what costs); a new style reads again.
 */
export class MeasurementLayer {
  readonly layer = new FeatureLayer<MarkerFeature>();
  private readonly unplacedIds = new Set<string>();

  constructor(
    readonly surveyId: string,
    private styler: MarkerStyler,
  ) {}

  get unplaced(): number {
    return this.unplacedIds.size;
  }

  /** Every measurement of the survey (a full read: on open, after a new style). */
  load(list: readonly Measurement[]): void {
    this.unplacedIds.clear();
    const out: [string, MarkerFeature][] = [];
    for (const m of list) {
      const f = this.feature(m);
      if (f) out.push([m.id, f]);
      else this.unplacedIds.add(m.id);
    }
    this.layer.reset(out);
  }

  /** The style the next load uses (the caller reads the survey again). */
  setStyler(styler: MarkerStyler): void {
    this.styler = styler;
  }

  /** Records written (any survey's: others are ignored) and ids deleted; always applied. */
  change(put: readonly { id: string }[], removed: readonly string[]): boolean {
    const add: [string, MarkerFeature][] = [];
    const remove: string[] = [];
    const drop = (id: string) => {
      this.unplacedIds.delete(id);
      remove.push(id);
    };
    for (const id of removed) drop(id);
    for (const item of put) {
      const m = item as Measurement;
      if (m.user_id !== this.surveyId) {
        if (this.layer.has(m.id) || this.unplacedIds.has(m.id)) drop(m.id);
        continue;
      }
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
    return true;
  }

  private feature(m: Measurement): MarkerFeature | null {
    const at = validPoint(m.latitude, m.longitude);
    if (!at) return null;
    return { type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties: { ...this.styler(m), mid: m.id } as MarkerProps };
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
 * (so the line is unbroken). Points arriving after the last one extend the last chunk; any
 * other change (an older point, a deletion) asks for a full read. Only the lines are kept.
 */
export class TraceLayer {
  readonly layer = new FeatureLayer<TraceFeature>();
  private last: VehicleTracePoint | null = null;
  // The open line: its segment number, chunk number and positions.
  private segment = -1;
  private chunk = 0;
  private current: Position[] = [];

  constructor(readonly surveyId: string) {}

  /** Every point of the survey's trace (a full read: on open). */
  load(points: readonly VehicleTracePoint[]): void {
    const sorted = [...points].sort(byTime);
    this.last = sorted[sorted.length - 1] ?? null;
    this.rebuild(sorted);
  }

  /**
   * Points written and ids deleted: true when applied (new points after the last one, or
   * nothing of this survey); false when only a full read can tell (the caller reads again).
   */
  change(put: readonly { id: string }[], removed: readonly string[]): boolean {
    if (removed.length > 0) return false;
    const fresh = (put as readonly VehicleTracePoint[]).filter((p) => p.surveyId === this.surveyId).sort(byTime);
    if (fresh.length === 0) return true;
    if (this.last && fresh[0] && byTime(this.last, fresh[0]) >= 0) return false;
    const touched = new Map<string, TraceFeature>();
    // The open line's positions were handed to the map: extend a copy of them.
    this.current = [...this.current];
    for (const p of fresh) this.extend(p, (id, f) => touched.set(id, f));
    this.last = fresh[fresh.length - 1] ?? this.last;
    this.layer.apply([...touched], []);
    return true;
  }

  private rebuild(points: readonly VehicleTracePoint[]): void {
    this.segment = -1;
    this.chunk = 0;
    this.current = [];
    const out = new Map<string, TraceFeature>();
    for (const p of points) this.extend(p, (id, f) => out.set(id, f));
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
