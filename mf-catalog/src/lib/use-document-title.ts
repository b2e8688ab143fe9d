import { useEffect } from 'react';

/**
 * Names what is on screen in the tab ("Eleven Seconds · Streamflix", WCAG 2.4.2) once it is
 * known. The shell sets the route's generic title first (in a layout effect), so this wins.
 */
export function useDocumentTitle(name: string | undefined | null): void {
  useEffect(() => {
    if (name) document.title = `${name} · Streamflix`;
  }, [name]);
}
