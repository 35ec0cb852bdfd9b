// Trace points are written in batches (issue 12 point 11): a batch goes to the store when it
// holds BATCH_MAX_POINTS points, when its oldest point has waited BATCH_MAX_AGE_MS, or when
// the recorder asks (the page is hidden, recording stops). Batches are written one at a
// time, in order. The store applies SPEC §8 ("Trace save failures fall back to local
// storage"): the outcome says where a batch went. When nothing at all could keep a batch,
// its points stay queued and are tried again with the next batch (or after the age limit);
// nothing is dropped. Pure: the timers and the save are injected.
import type { SaveOutcome } from '../../services/storage';
import type { VehicleTracePoint } from '../../model';

export const BATCH_MAX_POINTS = 20;
export const BATCH_MAX_AGE_MS = 10_000;

/** What happened to the last batch. */
export type BatchResult = { kind: 'saved'; points: number; outcome: SaveOutcome } | { kind: 'failed'; points: number; message: string };

export interface BatcherDeps {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  save(points: readonly VehicleTracePoint[]): Promise<SaveOutcome>;
  onResult(result: BatchResult): void;
}

export class TraceBatcher {
  private readonly deps: BatcherDeps;
  private pending: VehicleTracePoint[] = [];
  private timer: unknown = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(deps: BatcherDeps) {
    this.deps = deps;
  }

  /** Points waiting to be written. */
  get waiting(): number {
    return this.pending.length;
  }

  add(point: VehicleTracePoint): void {
    this.pending.push(point);
    if (this.pending.length >= BATCH_MAX_POINTS) void this.flush();
    else if (this.timer === null) this.timer = this.deps.setTimeout(() => void this.flush(), BATCH_MAX_AGE_MS);
  }

  /** Writes what is waiting now; resolves when it (and every earlier batch) was written or failed. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.deps.clearTimeout(this.timer);
      this.timer = null;
    }
    this.queue = this.queue.then(() => this.write());
    return this.queue;
  }

  private async write(): Promise<void> {
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      const outcome = await this.deps.save(batch);
      this.deps.onResult({ kind: 'saved', points: batch.length, outcome });
    } catch (error) {
      // Nowhere could keep them: back to the front of the queue, tried again later.
      this.pending.unshift(...batch);
      if (this.timer === null) this.timer = this.deps.setTimeout(() => void this.flush(), BATCH_MAX_AGE_MS);
      this.deps.onResult({ kind: 'failed', points: batch.length, message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Stops the age timer (the caller flushes first if the points must be kept). */
  dispose(): void {
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }
}
