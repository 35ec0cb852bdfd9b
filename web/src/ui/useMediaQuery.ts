// Whether a CSS media query matches now, following changes (rotation, window resizing):
// for layouts that differ in structure, not only in style (the workspace's tablet and
// phone arrangements).
import { useSyncExternalStore } from 'react';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** False where the browser cannot tell (no matchMedia): the narrow layout works everywhere. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => supported() && window.matchMedia(query).matches,
    () => false,
  );
}
