// Whether a CSS media query matches now, following changes (rotation, window resizing):
// for layouts that differ in structure, not only in style (the workspace's tablet and
// phone arrangements).
import { useCallback, useMemo, useSyncExternalStore } from 'react';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** False where the browser cannot tell (no matchMedia): the narrow layout works everywhere. */
export function useMediaQuery(query: string): boolean {
  // One MediaQueryList and one subscription per query: a new subscribe function each render
  // would unsubscribe and subscribe again (and call matchMedia) on every render of the page.
  const list = useMemo(() => (supported() ? window.matchMedia(query) : null), [query]);
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!list) return () => undefined;
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list?.matches ?? false, () => false);
}
