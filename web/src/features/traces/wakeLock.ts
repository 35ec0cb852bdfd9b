// The screen wake lock held while the trace records (issue 12 point 11): a phone or tablet
// that sleeps stops the GPS and the trace. `navigator.wakeLock.request('screen')`; the
// browser drops the lock whenever the page is hidden, so it is asked for again when the
// page shows. Its state is what the trace panel says: 'Screen kept on', or 'Screen may
// sleep' with the reason.
export interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

export interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

export type WakeLockState =
  | { kind: 'held' }
  /** Not wanted (not recording), or asked for and not (yet) held: `reason` says why. */
  | { kind: 'released'; reason: string };

export const SCREEN_KEPT_ON = 'Screen kept on';
export const SCREEN_MAY_SLEEP = 'Screen may sleep';
export const WAKE_LOCK_REASONS = {
  notRecording: 'the trace is not recording',
  unsupported: 'this browser cannot keep the screen on (no Screen Wake Lock)',
  hidden: 'the app is in the background',
  requesting: 'asking the browser to keep the screen on…',
  releasedByBrowser: 'the browser released the lock (battery saver or the page was hidden)',
} as const;

/** The sentence the panel shows for a state. */
export function describeWakeLock(state: WakeLockState): string {
  return state.kind === 'held' ? SCREEN_KEPT_ON : `${SCREEN_MAY_SLEEP}: ${state.reason}`;
}

export interface ScreenWakeLockDeps {
  wakeLock: WakeLockLike | null;
  isVisible(): boolean;
  onChange(state: WakeLockState): void;
}

export class ScreenWakeLock {
  private readonly deps: ScreenWakeLockDeps;
  private wanted = false;
  private sentinel: WakeLockSentinelLike | null = null;
  private asking: Promise<void> | null = null;
  private current: WakeLockState = { kind: 'released', reason: WAKE_LOCK_REASONS.notRecording };

  constructor(deps: ScreenWakeLockDeps) {
    this.deps = deps;
  }

  get state(): WakeLockState {
    return this.current;
  }

  private set(state: WakeLockState): void {
    this.current = state;
    this.deps.onChange(state);
  }

  /** Holds the lock from now on (asks again whenever the page shows). */
  hold(): void {
    this.wanted = true;
    void this.acquire();
  }

  /** The page became visible or hidden. */
  visibilityChanged(): void {
    if (!this.wanted) return;
    if (this.deps.isVisible()) void this.acquire();
    else if (!this.sentinel || this.sentinel.released) this.set({ kind: 'released', reason: WAKE_LOCK_REASONS.hidden });
  }

  /** Lets the screen sleep again. */
  async release(): Promise<void> {
    this.wanted = false;
    const sentinel = this.sentinel;
    this.sentinel = null;
    this.set({ kind: 'released', reason: WAKE_LOCK_REASONS.notRecording });
    if (sentinel && !sentinel.released) await sentinel.release().catch(() => undefined);
  }

  private acquire(): Promise<void> {
    if (this.sentinel && !this.sentinel.released) return Promise.resolve();
    const wakeLock = this.deps.wakeLock;
    if (!wakeLock) {
      this.set({ kind: 'released', reason: WAKE_LOCK_REASONS.unsupported });
      return Promise.resolve();
    }
    if (!this.deps.isVisible()) {
      this.set({ kind: 'released', reason: WAKE_LOCK_REASONS.hidden });
      return Promise.resolve();
    }
    this.asking ??= (async () => {
      this.set({ kind: 'released', reason: WAKE_LOCK_REASONS.requesting });
      try {
        const sentinel = await wakeLock.request('screen');
        if (!this.wanted) {
          await sentinel.release().catch(() => undefined);
          return;
        }
        this.sentinel = sentinel;
        sentinel.addEventListener('release', () => {
          if (this.sentinel !== sentinel) return;
          this.sentinel = null;
          if (this.wanted) this.set({ kind: 'released', reason: this.deps.isVisible() ? WAKE_LOCK_REASONS.releasedByBrowser : WAKE_LOCK_REASONS.hidden });
        });
        this.set({ kind: 'held' });
      } catch (error) {
        if (this.wanted) this.set({ kind: 'released', reason: `the browser refused (${error instanceof Error ? error.message : String(error)})` });
      } finally {
        this.asking = null;
      }
    })();
    return this.asking;
  }
}
