import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come near the viewport (and stays true): below-the-fold
 * content loads as it scrolls into view. Without IntersectionObserver (old browsers,
 * jsdom) everything counts as in view, so nothing is ever stuck unloaded.
 */
export function useInView<T extends Element>(rootMargin = '300px') {
  const ref = useRef<T | null>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (inView || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return { ref, inView };
}
