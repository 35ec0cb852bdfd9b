import { useEffect } from 'react';
import { startStorage } from './storageNotices';

/** Opens the local store at start-up (SPEC §2); renders nothing. */
export function StorageStartup() {
  useEffect(() => {
    void startStorage();
  }, []);
  return null;
}
