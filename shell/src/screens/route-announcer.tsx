import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import {
  describeFocus,
  findFocus,
  focusHeading,
  screenHeading,
  whenFound,
  type FocusMemo,
} from './route-focus';

interface Place {
  scrollY: number;
  focus: FocusMemo | null;
}

/**
 * After a client-side navigation to another screen, focus moves to the new
 * screen's heading and a polite live region names it, as a page load would for
 * a screen reader. Back and Forward instead return focus and scroll to where
 * the viewer was on that entry. A screen that takes focus itself (the player)
 * keeps it. Query-only changes (search as you type) are not navigations here.
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [message, setMessage] = useState('');
  const places = useRef(new Map<string, Place>());
  const keyRef = useRef(location.key);
  const pathRef = useRef(location.pathname);
  const pending = useRef<() => void>(() => undefined);
  useEffect(() => () => pending.current(), []);

  // Where the viewer is on the current history entry, kept up to date so it is known after leaving it.
  useEffect(() => {
    const remember = () => {
      const place = places.current.get(keyRef.current) ?? { scrollY: 0, focus: null };
      place.scrollY = window.scrollY;
      const active = document.activeElement;
      if (active && active !== document.body) place.focus = describeFocus(active);
      places.current.set(keyRef.current, place);
    };
    document.addEventListener('focusin', remember);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      document.removeEventListener('focusin', remember);
      window.removeEventListener('scroll', remember);
    };
  }, []);

  // When the focused control disappears (a list re-rendered, a dialog's button replaced), the
  // browser drops focus to the body; put it on the screen's heading instead.
  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return;
    let lastFocused: Element | null = null;
    const track = (e: FocusEvent) => {
      lastFocused = e.target instanceof Element ? e.target : null;
    };
    const observer = new MutationObserver(() => {
      if (document.activeElement !== document.body || !lastFocused || lastFocused.isConnected)
        return;
      // A new screen replacing the old one is handled by the navigation effect below.
      if (window.location.pathname !== pathRef.current) return;
      lastFocused = null;
      const heading = screenHeading(main);
      if (heading) focusHeading(heading);
    });
    main.addEventListener('focusin', track);
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      main.removeEventListener('focusin', track);
      observer.disconnect();
    };
  }, [mainId]);

  useEffect(() => {
    keyRef.current = location.key;
    // Only a new path is a new screen: query-only updates (search as you type) and hash links
    // (the skip link) are not. The first screen of a page load is left to the browser.
    if (pathRef.current === location.pathname) return;
    pathRef.current = location.pathname;
    const main = document.getElementById(mainId);
    if (!main) return;
    // A copy: the live entry keeps changing as the screen renders and takes focus.
    const entry = navigationType === 'POP' ? places.current.get(location.key) : undefined;
    const saved = entry ? { ...entry } : undefined;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    pending.current();
    let cancelled = false;
    const wait = whenFound(main, () => screenHeading(main));
    pending.current = () => {
      cancelled = true;
      wait.cancel();
    };
    void wait.promise.then(async (heading) => {
      if (!heading || cancelled) return;
      setMessage(heading.textContent?.trim() || document.title);
      // A screen that already put focus inside itself (the player, an autofocus field) keeps it.
      const active = document.activeElement;
      if (main.contains(active) && active !== main && active !== heading) return;
      if (saved) window.scrollTo(0, saved.scrollY);
      const memo = saved?.focus;
      // Back: the control the viewer left from, once the screen has rendered it again.
      const target = memo ? await whenFound(main, () => findFocus(memo), 3000).promise : null;
      if (cancelled) return;
      if (target) target.focus({ preventScroll: true });
      else focusHeading(heading);
      if (saved) window.scrollTo(0, saved.scrollY);
    });
  }, [location.pathname, location.key, navigationType, mainId]);

  return (
    <div className="sf-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
