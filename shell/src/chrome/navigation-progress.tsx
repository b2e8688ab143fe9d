import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '@streamflix/shared';
import styles from './navigation-progress.module.css';

/** Shown only when a route change takes longer than a blink, so fast ones never flash it. */
const SHOW_AFTER_MS = 120;

type NavigationLike = EventTarget & { currentEntry?: { url?: string | null } | null };
const navigationApi = (): NavigationLike | undefined =>
  (window as unknown as { navigation?: NavigationLike }).navigation;

/** The address bar's path: it changes at once on a route change, before the router commits. */
function subscribe(onChange: () => void): () => void {
  const nav = navigationApi();
  nav?.addEventListener('currententrychange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    nav?.removeEventListener('currententrychange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}
const addressPath = () => window.location.pathname + window.location.search;

/**
 * A route change is a transition (React Router's BrowserRouter), so the screen on view stays until
 * the next one is ready. While the address already names the next screen and the router has not
 * committed it yet, a slim bar says the next screen is on its way. Browsers without the Navigation
 * API (which tells of history.pushState) show no bar; the current screen still stays on view.
 */
export function NavigationProgress() {
  const i18n = useI18n();
  const committed = useLocation();
  const address = useSyncExternalStore(subscribe, addressPath, () => '');
  const pending = address !== '' && address !== committed.pathname + committed.search;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) return setShown(false);
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!shown) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={i18n._({ id: 'shell.navigation.loading', message: 'Loading the next screen' })}
    >
      <span className={styles.fill} />
    </div>
  );
}
