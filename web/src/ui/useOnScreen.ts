import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether any of `element` is within the viewport grown by `rootMargin` (an
 * IntersectionObserver margin, e.g. '50% 0px'): true until the browser says otherwise, and
 * where there is no IntersectionObserver.
 */
export function useOnScreen(element: RefObject<HTMLElement | null>, rootMargin = '0px'): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)?.isIntersecting ?? true), { rootMargin });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, rootMargin]);
  return onScreen;
}
