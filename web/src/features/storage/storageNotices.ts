// The storage toasts of SPEC §8, raised from the local store's events, each true to what
// happened: 'Emergency data recovered' only once records were written back; next to
// 'Critical storage error. Please clear your browser data and try again.' (the SPEC's
// words) an action that exports what is stored first, so following the advice cannot
// destroy data; and when only localStorage is left (the disk is full), the surveyor is told
// plainly what is at risk, with the same export offered.
import { initStorage, rescueExport, subscribeStorage, type StorageEvent, type StorageMode } from '../../services/storage';
import { saveDownload } from '../../ui/download';
import { toast, type ToastAction, type ToastOptions } from '../../ui/toast';

/** Saves everything the browser holds for Clearway as one JSON file. */
export async function downloadRescueFile(now = new Date()): Promise<void> {
  saveDownload(await rescueExport(now), `clearway-stored-data_${now.toISOString().slice(0, 10)}.json`);
}

export const EXPORT_STORED_DATA: ToastAction = {
  label: 'Export stored data',
  run: () => {
    downloadRescueFile().catch((error: unknown) => console.error('The stored data could not be exported:', error));
  },
};

export const AT_RISK = {
  title: 'Storage is full',
  description:
    'New measurements are kept only in this browser’s local storage, which a browser crash can lose. Export your data now and free some space on this device.',
};

/** SPEC §8 account and storage toasts, word for word; null when there is nothing to say. */
export function noticeFor(event: StorageEvent): ToastOptions | null {
  switch (event.type) {
    case 'emergency-mode':
      return {
        title: 'Using emergency storage mode',
        description: 'IndexedDB is corrupted, using localStorage as backup',
        durationMs: 5000,
      };
    case 'recovered':
      return event.count > 0 ? { title: 'Emergency data recovered', description: 'Your previous data has been restored from emergency backups' } : null;
    case 'emergency-loaded':
      return null;
    case 'emergency-initialized':
      return { title: 'Storage initialized', description: 'Application data is now using localStorage' };
    case 'at-risk':
      return { ...AT_RISK, variant: 'destructive', durationMs: Infinity, action: EXPORT_STORED_DATA };
    case 'critical':
      return { title: event.message, variant: 'destructive', durationMs: Infinity, action: EXPORT_STORED_DATA };
  }
}

let starting: Promise<StorageMode> | null = null;

/** Opens the local store once per page, with its toasts. Safe to call from anywhere. */
export function startStorage(): Promise<StorageMode> {
  if (!starting) {
    subscribeStorage((event) => {
      const notice = noticeFor(event);
      if (notice) toast(notice);
    });
    starting = initStorage();
  }
  return starting;
}
