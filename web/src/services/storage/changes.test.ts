// The change signal from another tab's localStorage write (emergency mode): the `storage`
// event raises it, for record keys only, since the BroadcastChannel message may come first.
import { describe, expect, it } from 'vitest';
import { subscribeChanges, type StoreChange } from './changes';

describe('subscribeChanges', () => {
  it("hears another tab's emergency record write through the storage event, and nothing else", () => {
    const heard: StoreChange[] = [];
    const stop = subscribeChanges((change) => heard.push(change));
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'clearway:local-store:measurements:m-7' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'clearway:local-store' })); // the header
      window.dispatchEvent(new StorageEvent('storage', { key: 'clearway:backup:1700000000000' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      window.dispatchEvent(new StorageEvent('storage', { key: null })); // localStorage.clear()
      expect(heard).toEqual([{ store: 'measurements', local: false }]);
    } finally {
      stop();
    }
  });
});
