// The vehicle-trace recorder (issue 12 point 11): while a survey is active and its
// `enableVehicleTrace` is on, it turns the GPS service's fixes into trace points (the
// sampling rule and gaps of sampler.ts), writes them in batches (batcher.ts) and holds the
// screen wake lock (wakeLock.ts). Its status is what the trace panel shows. Everything
// outside (clock, timers, GPS, store, wake lock, page visibility) is injected.
import type { SaveOutcome } from '../../services/storage';
import type { VehicleTracePoint } from '../../model';
import type { GpsView } from '../gps';
import { TraceBatcher, type BatchResult } from './batcher';
import { MIN_INTERVAL_MS, TraceSampler, traceFixFrom, type DistanceM, type TraceSample } from './sampler';
import { ScreenWakeLock, type WakeLockLike, type WakeLockState } from './wakeLock';

/** What the recorder reads from the GPS service. */
export interface GpsSource {
  subscribe(listener: () => void): () => void;
  latest(): Pick<GpsView, 'source' | 'latitude' | 'longitude' | 'fixQuality' | 'lastUpdate' | 'speed' | 'course'>;
}

export interface TraceRecorderDeps {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The core's distance function (loaded once). */
  loadDistance(): Promise<DistanceM>;
  newId(): string;
  saveBatch(points: readonly VehicleTracePoint[]): Promise<SaveOutcome>;
  wakeLock: WakeLockLike | null;
  isVisible(): boolean;
  /** Calls `listener` on every visibility change and on pagehide; returns the unsubscribe. */
  onVisibility(listener: (event: 'visible' | 'hidden' | 'pagehide') => void): () => void;
  /** Told of each batch written (or not): the app logs the ones that missed the database. */
  onBatch?(result: BatchResult, surveyId: string | null): void;
}

/** What to record for. */
export interface TraceTarget {
  surveyId: string;
  /** The survey's planned route (plannedRouteId), or null. */
  routeId: string | null;
  gps: GpsSource;
  /** The least time between two points (the setting 'Vehicle trace interval (s)'); 1 s by default. */
  minIntervalMs?: number;
}

export interface TraceStatus {
  /** The survey recorded for; null when not recording. */
  surveyId: string | null;
  recording: boolean;
  /** Points recorded in this visit (saved or waiting). */
  recorded: number;
  /** Points waiting for their batch to be written. */
  waiting: number;
  lastBatch: BatchResult | null;
  wakeLock: WakeLockState;
  /** The core (distance) could not be loaded: nothing is recorded. */
  error: string | null;
}

export class TraceRecorder {
  private readonly deps: TraceRecorderDeps;
  private readonly listeners = new Set<() => void>();
  private readonly wakeLock: ScreenWakeLock;
  private readonly batcher: TraceBatcher;
  private status: TraceStatus;
  private target: TraceTarget | null = null;
  private sampler: TraceSampler | null = null;
  private generation = 0;
  private unsubscribe: (() => void)[] = [];

  constructor(deps: TraceRecorderDeps) {
    this.deps = deps;
    this.wakeLock = new ScreenWakeLock({ wakeLock: deps.wakeLock, isVisible: deps.isVisible, onChange: (wakeLock) => this.patch({ wakeLock }) });
    this.batcher = new TraceBatcher({
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      save: deps.saveBatch,
      onResult: (lastBatch) => {
        this.patch({ lastBatch, waiting: this.batcher.waiting });
        deps.onBatch?.(lastBatch, this.status.surveyId);
      },
    });
    this.status = { surveyId: null, recording: false, recorded: 0, waiting: 0, lastBatch: null, wakeLock: this.wakeLock.state, error: null };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TraceStatus => this.status;

  private patch(patch: Partial<TraceStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Records for `target` (a different survey first stops the current recording). */
  async start(target: TraceTarget): Promise<void> {
    const current = this.target;
    if (current && current.surveyId === target.surveyId && current.gps === target.gps) {
      // A new planned route or interval: the next points follow it.
      this.target = target;
      if (this.sampler) this.sampler.minIntervalMs = target.minIntervalMs ?? MIN_INTERVAL_MS;
      return;
    }
    if (current) await this.stop();
    const generation = ++this.generation;
    this.target = target;
    let distance: DistanceM;
    try {
      distance = await this.deps.loadDistance();
    } catch (error) {
      if (generation === this.generation) this.patch({ error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (generation !== this.generation) return;
    this.sampler = new TraceSampler(distance, target.minIntervalMs ?? MIN_INTERVAL_MS);
    this.patch({ surveyId: target.surveyId, recording: true, recorded: 0, waiting: 0, lastBatch: null, error: null });
    this.unsubscribe = [target.gps.subscribe(() => this.observe()), this.deps.onVisibility((event) => this.onVisibility(event))];
    this.wakeLock.hold();
    this.observe();
  }

  /** Stops recording: what is waiting is written first; the screen may sleep again. */
  async stop(): Promise<void> {
    this.generation += 1;
    for (const off of this.unsubscribe.splice(0)) off();
    this.target = null;
    this.sampler = null;
    if (this.status.recording || this.status.error) this.patch({ recording: false, error: null });
    await Promise.all([this.batcher.flush(), this.wakeLock.release()]);
  }

  /** Writes the waiting points now (the page is about to be hidden or closed). */
  flush(): Promise<void> {
    return this.batcher.flush();
  }

  private observe(): void {
    const { target, sampler } = this;
    if (!target || !sampler) return;
    const fix = traceFixFrom(target.gps.latest(), this.deps.now());
    const sample = fix && sampler.offer(fix);
    if (sample) this.record(target, sample);
  }

  private record(target: TraceTarget, sample: TraceSample): void {
    const point: VehicleTracePoint = {
      id: this.deps.newId(),
      surveyId: target.surveyId,
      routeId: target.routeId,
      timestamp: new Date(sample.at).toISOString(),
      latitude: sample.latitude,
      longitude: sample.longitude,
    };
    // Written only when known (SPEC §3 fields; the core reads a missing one as none).
    if (sample.speed !== null) point.speed = sample.speed;
    if (sample.heading !== null) point.heading = sample.heading;
    if (sample.gapBefore) point.gapBefore = true;
    this.batcher.add(point);
    this.patch({ recorded: this.status.recorded + 1, waiting: this.batcher.waiting });
  }

  private onVisibility(event: 'visible' | 'hidden' | 'pagehide'): void {
    if (event !== 'visible') {
      // Hidden, the app may be suspended: what follows is a new segment.
      this.sampler?.breakSegment();
      void this.batcher.flush();
    }
    this.wakeLock.visibilityChanged();
  }
}
