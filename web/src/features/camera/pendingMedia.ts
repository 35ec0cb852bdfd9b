// Media on their way to the store (issue 14 point 6): the measurement is acknowledged when it
// is stored, its photo, drawing and video follow, and the list shows them as pending until
// they are stored, or says plainly that one was not kept.
import { useSyncExternalStore } from 'react';
import type { MediaKind } from '../../model';

export type PendingState = { state: 'pending' } | { state: 'failed'; message: string };

/** measurementId → kind → state. */
let pending = new Map<string, ReadonlyMap<MediaKind, PendingState>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setPending(measurementId: string, kind: MediaKind, value: PendingState | null) {
  const next = new Map(pending);
  const kinds = new Map(next.get(measurementId) ?? []);
  if (value) kinds.set(kind, value);
  else kinds.delete(kind);
  if (kinds.size) next.set(measurementId, kinds);
  else next.delete(measurementId);
  pending = next;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The media of one measurement on their way. Only that measurement's row re-renders when they
 * change (setPending keeps the other entries as they were): with the whole map as the
 * snapshot every row of a long list would re-render at each step of every photo.
 */
export function usePendingMedia(measurementId: string): ReadonlyMap<MediaKind, PendingState> | undefined {
  const snapshot = () => pending.get(measurementId);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How many media are still on their way (tests and the page-hide guard read it). */
export function pendingCount(): number {
  let n = 0;
  for (const kinds of pending.values()) for (const value of kinds.values()) if (value.state === 'pending') n += 1;
  return n;
}
