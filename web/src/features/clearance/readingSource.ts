// What the laser controllers (serial `$PLTIT` and Bluetooth DISTO/GLM) share: a state that
// React follows (useSyncExternalStore) and readings handed to whoever listens (the capture
// form fills the height field or the current lane's reading with them).

export interface RangefinderReading {
  metres: number;
  weak: boolean;
  /**
   * `vertical`: a shot aimed up, the target's height above the laser; `distance`: a level
   * or downward shot's distance (a Bluetooth laser's reading is a distance held plumb);
   * `height`, `threeShotHeight`: the device's and the 3-shot height routines;
   * `missingLine`: the height between a missing line's two points.
   */
  kind: 'vertical' | 'distance' | 'height' | 'threeShotHeight' | 'missingLine';
}

export abstract class ReadingSource<S extends object> {
  private listeners = new Set<() => void>();
  private readingListeners = new Set<(r: RangefinderReading) => void>();

  protected constructor(protected state: S) {}

  getSnapshot = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  onReading(listener: (r: RangefinderReading) => void): () => void {
    this.readingListeners.add(listener);
    return () => {
      this.readingListeners.delete(listener);
    };
  }

  protected set(next: Partial<S>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  /** Hands a reading to every listener. */
  protected emit(reading: RangefinderReading): void {
    for (const l of this.readingListeners) l(reading);
  }
}
