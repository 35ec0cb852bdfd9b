// A tiny store of the toasts on screen. `toast()` can be called from anywhere (React or
// not: the service-worker registration uses it); <Toaster /> renders the list.

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast (e.g. 'Export stored data'): runs `run`, then the toast closes. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long the toast stays, in milliseconds; Infinity keeps it until dismissed. */
  durationMs?: number;
  action?: ToastAction;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  durationMs: number;
  action?: ToastAction;
}

export const DEFAULT_TOAST_DURATION_MS = 5000;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; it dismisses itself after `durationMs`. Returns its id. */
export function toast(options: ToastOptions): number {
  const item: ToastItem = {
    id: nextId++,
    title: options.title,
    variant: options.variant ?? 'default',
    durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS,
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(options.action === undefined ? {} : { action: options.action }),
  };
  emit([...toasts, item]);
  if (Number.isFinite(item.durationMs)) timers.set(item.id, setTimeout(() => dismissToast(item.id), item.durationMs));
  return item.id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
