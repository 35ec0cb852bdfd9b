// The sync engine (docs/sync.md, SPEC §4 "Network", §7 "Cloud database", §9 batch of 450):
// uploads the outbox to the cloud when a user is signed in, approved and online. Each batch
// holds at most 450 writes; its entries leave the outbox (and its records become 'synced')
// only after the server acknowledged the batch. Ids are the local ids, so a batch sent twice
// (a crash between the commit and the acknowledgement) writes the same documents again.
// Failures retry with backoff; anything left over is picked up by the next run, after a
// reload as well, because the outbox is in IndexedDB.
import type { CloudWrite } from '../../services/firebase';
import { outbox as localOutbox, type PendingChange } from '../../services/storage';
import { SYNC_KINDS, writeFor, type SyncKind } from './payloads';

/** SPEC §9: cloud batches commit every 450 writes. */
export const BATCH_SIZE = 450;
/** Waits before each new try after a failure (the last one repeats). */
export const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface SyncTransport {
  /** Commits one batch; resolves once the server acknowledged every write in it. */
  commit(writes: CloudWrite[]): Promise<void>;
}

/** Who may sync now (SPEC §4: skipped offline or signed out; the rules want an approved account). */
export interface SyncGate {
  online(): boolean;
  /** The signed-in user's id, null when nobody is signed in (or the session is loading). */
  userId(): string | null;
  /** Whether the user's account is approved (asked only when signed in and online). */
  approved(uid: string): Promise<boolean>;
}

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'signed-out' | 'not-approved' | 'error';

export interface SyncState {
  phase: SyncPhase;
  /** The last run that uploaded everything it found (SPEC §3 flag lastSyncTime). */
  lastSyncTime: Date | null;
  /** Writes the server acknowledged in the current or last run. */
  uploaded: number;
  /** The last failure, in words; null after a clean run. */
  error: string | null;
  /** When the next try after a failure is due (ms since the epoch). */
  retryAt: number | null;
}

export interface SyncResult {
  phase: SyncPhase;
  uploaded: number;
}

/** Called once a batch of measurements is acknowledged (media upload hooks in here). */
export type MeasurementsSyncedHook = (changes: readonly PendingChange[]) => void | Promise<void>;

export interface SyncEngineOptions {
  transport: () => Promise<SyncTransport>;
  gate: SyncGate;
  outbox?: typeof localOutbox;
  batchSize?: number;
  backoffMs?: readonly number[];
  now?: () => Date;
  /** The initial last sync time (the lastSyncTime flag). */
  lastSyncTime?: Date | null;
  /** Records a completed sync (writes the lastSyncTime flag). */
  onSynced?: (time: Date) => void;
}

/** A failure in words the surveyor can act on. */
export function describeSyncError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'permission-denied') return 'The cloud refused the upload (permission denied). Check that your account is approved.';
  if (code === 'unavailable' || code === 'deadline-exceeded') return 'The cloud could not be reached. The upload will be tried again.';
  if (code === 'unauthenticated') return 'You are signed out of the cloud. Sign in again to sync.';
  if (code === 'resource-exhausted') return 'The cloud is busy (quota reached). The upload will be tried again.';
  const message = error instanceof Error ? error.message : String(error);
  return `The upload failed: ${message}`;
}

export class SyncEngine {
  /** Hooks run after each acknowledged batch of measurements (e.g. upload their media). */
  readonly afterMeasurementsSynced = new Set<MeasurementsSyncedHook>();
  private state: SyncState;
  private readonly listeners = new Set<(state: SyncState) => void>();
  private running: Promise<SyncResult> | null = null;
  private again = false;
  private failures = 0;
  /** Surveys whose counts the cloud has not got yet (kept across runs until a merge is acknowledged). */
  private readonly surveysDue = new Set<string>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly outbox: typeof localOutbox;
  private readonly batchSize: number;
  private readonly backoffMs: readonly number[];
  private readonly now: () => Date;

  constructor(private readonly options: SyncEngineOptions) {
    this.outbox = options.outbox ?? localOutbox;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.backoffMs = options.backoffMs ?? BACKOFF_MS;
    this.now = options.now ?? (() => new Date());
    this.state = { phase: 'idle', lastSyncTime: options.lastSyncTime ?? null, uploaded: 0, error: null, retryAt: null };
  }

  getState(): SyncState {
    return this.state;
  }

  subscribe(listener: (state: SyncState) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private publish(next: Partial<SyncState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener(this.state);
  }

  /** Runs a sync now; a call during a run asks for one more run after it, sharing its promise. */
  syncNow(): Promise<SyncResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.retryTimer);
    this.running = (async () => {
      let result: SyncResult;
      do {
        this.again = false;
        result = await this.runOnce();
      } while (this.again && result.phase === 'idle');
      return result;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * The connection dropped: say so at once. A batch in flight stays in flight (the SDK sends
   * it when the connection returns, or the outbox resends it after a reload).
   */
  wentOffline(): void {
    if (this.state.phase === 'syncing' || this.state.phase === 'idle') this.publish({ phase: 'offline' });
  }

  /** Stops the pending retry (sign-out, tests). */
  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async runOnce(): Promise<SyncResult> {
    const { gate } = this.options;
    if (!gate.online()) return this.skip('offline');
    const uid = gate.userId();
    if (!uid) return this.skip('signed-out');
    let uploaded = 0;
    this.publish({ phase: 'syncing', uploaded: 0, retryAt: null });
    try {
      if (!(await gate.approved(uid))) return this.skip('not-approved');
      const transport = await this.options.transport();
      const syncedAt = this.now().toISOString();
      for (const kind of SYNC_KINDS) {
        uploaded += await this.drain(kind, transport, { ownerId: uid, syncedAt }, (n) => this.publish({ uploaded: n + uploaded }));
        if (!gate.online()) return this.skip('offline', uploaded);
        // SPEC §7: after the measurements, a merge update of each survey with its counts: every
        // survey something of which went up (a run that only finishes the trace after a crash
        // still puts the counts right, and a survey's own document, written whole, gets them
        // back). Done before the trace, which keeps growing while a survey is open.
        if (kind.store === 'measurements') uploaded += await this.updateSurveys(transport, uid, syncedAt);
      }
      if (this.surveysDue.size > 0) uploaded += await this.updateSurveys(transport, uid, syncedAt);
      this.failures = 0;
      const time = this.now();
      this.options.onSynced?.(time);
      this.publish({ phase: 'idle', lastSyncTime: time, uploaded, error: null, retryAt: null });
      return { phase: 'idle', uploaded };
    } catch (error) {
      console.warn('Sync failed:', error);
      uploaded = Math.max(uploaded, this.state.uploaded);
      const wait = this.backoffMs[Math.min(this.failures, this.backoffMs.length - 1)] ?? 60_000;
      this.failures += 1;
      const retryAt = Date.now() + wait;
      this.retryTimer = setTimeout(() => void this.syncNow(), wait);
      this.publish({ phase: 'error', uploaded, error: describeSyncError(error), retryAt });
      return { phase: 'error', uploaded };
    }
  }

  private skip(phase: SyncPhase, uploaded = 0): SyncResult {
    this.publish({ phase, uploaded, retryAt: null });
    return { phase, uploaded };
  }

  /** Uploads every queued change of one kind, a batch at a time; returns the writes acknowledged. */
  private async drain(
    kind: SyncKind,
    transport: SyncTransport,
    context: { ownerId: string; syncedAt: string },
    progress: (uploaded: number) => void,
  ): Promise<number> {
    let uploaded = 0;
    let caughtUp = false;
    for (;;) {
      const changes = await this.outbox.next(kind.store, this.batchSize);
      if (changes.length === 0) return uploaded;
      await transport.commit(changes.map((change) => writeFor(kind, change, context)));
      await this.outbox.acknowledge(changes.map((change) => change.entry));
      uploaded += changes.length;
      progress(uploaded);
      for (const change of changes) if (change.entry.surveyId) this.surveysDue.add(change.entry.surveyId);
      if (kind.store === 'measurements') {
        await this.runHooks(changes.filter((change) => change.entry.op === 'put' && change.record));
      }
      // After a short batch, one more look: a change made meanwhile (an edit in flight) goes up
      // in this run. Not more: a store that keeps growing (the trace while a survey is open, one
      // point a second) would hold the run forever; its newer changes start the next run.
      if (changes.length < this.batchSize) {
        if (caughtUp) return uploaded;
        caughtUp = true;
      }
    }
  }

  private async runHooks(changes: readonly PendingChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const hook of this.afterMeasurementsSynced) {
      try {
        await hook(changes);
      } catch (error) {
        // A media upload that fails must not undo the measurements' acknowledgement.
        console.warn('A hook after synced measurements failed:', error);
      }
    }
  }

  /**
   * SPEC §7: after the measurements, a merge update of each survey with lastSyncedAt and
   * measurementsSynced (its measurements now in the cloud; measurementsTotal: all of them).
   */
  private async updateSurveys(transport: SyncTransport, uid: string, syncedAt: string): Promise<number> {
    const surveys = [...this.surveysDue];
    const writes: CloudWrite[] = [];
    for (const surveyId of surveys) {
      const progress = await this.outbox.progress(surveyId);
      if (!progress || progress.total === 0) continue;
      writes.push({
        collection: 'surveys',
        id: surveyId,
        merge: true,
        data: { id: surveyId, ownerId: uid, lastSyncedAt: syncedAt, measurementsSynced: progress.total - progress.pending, measurementsTotal: progress.total },
      });
    }
    for (let from = 0; from < writes.length; from += this.batchSize) await transport.commit(writes.slice(from, from + this.batchSize));
    // Only now: a failed merge leaves them due, and the retry sends them.
    for (const surveyId of surveys) this.surveysDue.delete(surveyId);
    return writes.length;
  }
}
