// The active survey's measurements and vehicle trace for the map, kept current without
// reading them again: one full read when the survey opens (and when the change signal
// cannot say what changed: another tab, a recovery), then each save or trace batch is
// applied from the records the change signal carries. No React, no maplibre: the hook
// (useMapData.ts) owns one per survey and MapView hands its layers' diffs to maplibre.
import type { Measurement, VehicleTracePoint } from '../../model';
import { stores, subscribeChanges, type StoreChange } from '../../services/storage';
import { MeasurementLayer, TraceLayer, type MarkerStyler } from './featureLayer';

type Detail = NonNullable<StoreChange['detail']>;

interface Follower {
  load(list: readonly never[]): void;
  /** False when the change cannot be applied from the records alone (read everything then). */
  change(put: readonly { id: string }[], removed: readonly string[]): boolean;
}

/**
 * Keeps `target` current with one store: `run()` reads everything; a change with its
 * records is applied at once (or after the read in progress: applying a record twice is
 * harmless); a change without them reads everything again.
 */
class StoreFollower<T> {
  private reading = false;
  private again = false;
  private queue: Detail[] = [];
  loaded = false;

  constructor(
    private readonly read: () => Promise<T[]>,
    private readonly target: Follower,
    private readonly live: () => boolean,
    private readonly settled: (error: unknown) => void,
  ) {}

  async run(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        this.queue = [];
        const list = await this.read();
        // Building the features in a task of their own, not the one that read the records.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (!this.live()) return;
        if (this.again) continue;
        this.target.load(list as never[]);
        const queued = this.queue;
        this.queue = [];
        this.loaded = true;
        if (!queued.every((d) => this.target.change(d.put, d.removed))) this.again = true;
      } while (this.again && this.live());
      this.settled(null);
    } catch (error) {
      if (this.live()) this.settled(error);
    } finally {
      this.reading = false;
    }
  }

  changed(detail: Detail | undefined): void {
    if (this.reading && detail) {
      this.queue.push(detail);
    } else if (!detail || !this.loaded) {
      // Nothing to go on, or no good read yet (it failed): read everything.
      void this.run();
    } else if (this.target.change(detail.put, detail.removed)) {
      this.settled(null);
    } else {
      void this.run();
    }
  }
}

export interface FeedState {
  /** Both read once (the map frames the survey on this). */
  ready: boolean;
  unplaced: number;
  error: unknown;
}

export class SurveyMapFeed {
  readonly measurements: MeasurementLayer;
  readonly trace: TraceLayer;
  private readonly followers: { store: string; follower: StoreFollower<unknown> }[];
  private live = true;
  private off: (() => void) | null = null;
  private error: unknown = null;

  constructor(
    readonly surveyId: string,
    styler: MarkerStyler,
    private readonly onState: (state: FeedState) => void,
  ) {
    this.measurements = new MeasurementLayer(surveyId, styler);
    this.trace = new TraceLayer(surveyId);
    const alive = () => this.live;
    const settled = (error: unknown) => {
      this.error = error;
      this.report();
    };
    this.followers = [
      { store: 'measurements', follower: new StoreFollower<Measurement>(() => stores.measurements.all(surveyId), this.measurements, alive, settled) },
      { store: 'vehicleTraces', follower: new StoreFollower<VehicleTracePoint>(() => stores.traces.ofSurvey(surveyId), this.trace, alive, settled) },
    ];
  }

  /** Reads the survey once and follows the change signal; `stop()` ends it. */
  start(): void {
    this.off = subscribeChanges((change) => {
      for (const { store, follower } of this.followers) {
        if (change.store === '*') follower.changed(undefined);
        else if (change.store === store) follower.changed(change.local ? change.detail : undefined);
      }
    });
    for (const { follower } of this.followers) void follower.run();
  }

  stop(): void {
    this.live = false;
    this.off?.();
  }

  /** A new style for the markers (POI table, load profile): the measurements are read again (rare). */
  restyle(styler: MarkerStyler): void {
    this.measurements.setStyler(styler);
    void this.followers[0]?.follower.run();
  }


  private report(): void {
    const ready = this.followers.every(({ follower }) => follower.loaded);
    this.onState({ ready, unplaced: this.measurements.unplaced, error: this.error });
  }
}
