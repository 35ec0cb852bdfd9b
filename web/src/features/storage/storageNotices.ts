// The storage toasts of SPEC §8, raised from the local store's events.
import { initStorage, subscribeStorage, type StorageEvent, type StorageMode } from '../../services/storage';
import { toast, type ToastOptions } from '../../ui/toast';

/** SPEC §8 account and storage toasts, word for word. */
export function noticeFor(event: StorageEvent): ToastOptions {
  switch (event.type) {
    case 'emergency-mode':
      return {
        title: 'Using emergency storage mode',
        description: 'IndexedDB is corrupted, using localStorage as backup',
        durationMs: 5000,
      };
    case 'emergency-loaded':
    case 'recovered':
      return { title: 'Emergency data recovered', description: 'Your previous data has been restored from emergency backups' };
    case 'emergency-initialized':
      return { title: 'Storage initialized', description: 'Application data is now using localStorage' };
    case 'critical':
      return { title: event.message, variant: 'destructive' };
  }
}

let starting: Promise<StorageMode> | null = null;

/** Opens the local store once per page, with its toasts. Safe to call from anywhere. */
export function startStorage(): Promise<StorageMode> {
  if (!starting) {
    subscribeStorage((event) => toast(noticeFor(event)));
    starting = initStorage();
  }
  return starting;
}
