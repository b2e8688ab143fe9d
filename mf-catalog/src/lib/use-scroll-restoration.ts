import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE_KEY = 'mf-catalog:scroll';

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Back (a POP navigation) returns a long list to where the viewer left it. The
 * shell's BrowserRouter has no data-router ScrollRestoration, and the browser's
 * own restoration runs before the list has rendered, so positions are kept per
 * history entry and applied once the list's data is on screen (`ready`).
 */
export function useScrollRestoration(ready: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.key;

  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const positions = readPositions();
        positions[key] = window.scrollY;
        const keys = Object.keys(positions);
        if (keys.length > 50) delete positions[keys[0]!];
        try {
          sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
        } catch {
          /* storage full or disabled: restoring is a nicety */
        }
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (!ready || navigationType !== 'POP') return;
    const y = readPositions()[key];
    if (typeof y === 'number' && y > 0) window.scrollTo(0, y);
    // Only on arrival: later data must not yank the page back.
  }, [ready, key, navigationType]);
}
