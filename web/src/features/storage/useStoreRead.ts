// A value read from the local store and read again on each database-change signal for the
// given stores (this tab, other tabs, a recovery from emergency mode): one read at a time; a
// change landing during a read makes it start over, so an older read never hides a newer write.
import { useEffect, useState } from 'react';
import { subscribeChanges } from '../../services/storage';

export type StoreRead<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/** `read()` for `key` (e.g. a survey id), kept current with the stores named in `watch`. */
export function useStoreRead<T>(key: string, watch: readonly string[], read: () => Promise<T>): StoreRead<T> {
  const [state, setState] = useState<{ key: string; value: StoreRead<T> } | null>(null);
  const watched = watch.join('\u0000');
  useEffect(() => {
    let live = true;
    let reading = false;
    let again = false;
    const run = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const value = await read();
          if (live && !again) setState({ key, value: { status: 'ready', value } });
        } while (again && live);
      } catch (error) {
        if (live) setState({ key, value: { status: 'failed', error } });
      } finally {
        reading = false;
      }
    };
    void run();
    const stores = watched.split('\u0000');
    const off = subscribeChanges((change) => {
      if (change.store === '*' || stores.includes(change.store)) void run();
    });
    return () => {
      live = false;
      off();
    };
    // `read` is the caller's closure over `key`: re-run when the key or the stores change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, watched]);
  return state?.key === key ? state.value : { status: 'loading' };
}
