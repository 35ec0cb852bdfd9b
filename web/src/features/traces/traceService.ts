// The app's one trace recorder, wired to the browser: the core's distance, the local store
// (SPEC §8 policy through stores.traces.saveBatch), navigator.wakeLock and page visibility.
import { distanceMetres } from '../../core';
import { stores } from '../../services/storage';
import { logAlert } from '../alerts';
import type { BatchResult } from './batcher';
import { TraceRecorder } from './recorder';
import type { WakeLockLike } from './wakeLock';

let recorder: TraceRecorder | null = null;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A batch that missed the database goes in the alert log (kind 'storage-emergency'). */
function logBatchProblem(result: BatchResult): void {
  if (result.kind === 'failed') {
    void logAlert('storage-emergency', `Trace points could not be saved: ${result.message}`, { points: result.points });
  } else if (result.outcome.savedIn === 'local') {
    const where = result.outcome.tier === 'durable' ? 'the emergency database' : 'localStorage';
    void logAlert('storage-emergency', `The database failed: ${result.points} trace points saved to ${where}`, { points: result.points, tier: result.outcome.tier });
  }
}

export function traceRecorder(): TraceRecorder {
  recorder ??= new TraceRecorder({
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    loadDistance: distanceMetres,
    newId,
    saveBatch: (points) => stores.traces.saveBatch(points),
    wakeLock: ((navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock ?? null) as WakeLockLike | null,
    isVisible: () => document.visibilityState === 'visible',
    onBatch: logBatchProblem,
    onVisibility(listener) {
      const onChange = () => listener(document.visibilityState === 'visible' ? 'visible' : 'hidden');
      const onHide = () => listener('pagehide');
      document.addEventListener('visibilitychange', onChange);
      window.addEventListener('pagehide', onHide);
      return () => {
        document.removeEventListener('visibilitychange', onChange);
        window.removeEventListener('pagehide', onHide);
      };
    },
  });
  return recorder;
}

/** Writes the trace points waiting for their batch now (before an export reads the store). */
export function flushTrace(): Promise<void> {
  return recorder ? recorder.flush() : Promise.resolve();
}
