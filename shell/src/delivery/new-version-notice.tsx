import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, useI18n } from '@streamflix/shared';
import { hasStoredToken } from '@streamflix/shared/stored-token';
import { getComposition } from '../composition/remote-registry';
import { activeOverrides } from '../composition/overrides';
import { matchScreen, routeTableFor } from '../routing/route-tables';
import { VersionWatch, type VersionWatchOptions } from './version-watch';
import styles from './new-version-notice.module.css';

/** What the viewer is in the middle of on this path (a screen's `busy`), or null. */
export const busyOn = (pathname: string) =>
  matchScreen(routeTableFor(hasStoredToken()), pathname)?.busy ?? null;

const MAIN_ID = 'main-content';

/**
 * "A new version is available — Refresh", offered quietly at a navigation once the environment has
 * moved on from a build this tab runs (version-watch.ts). It never interrupts: not on a screen where
 * the viewer is watching or paying (it waits until they leave), and not once they have typed into
 * the page since the navigation (a form being filled; it waits for the next one). The tab keeps
 * working on the builds it started with until the viewer chooses Refresh.
 */
export default function NewVersionNotice({
  options,
}: {
  /** The watch's timings and fetch (tests). */
  options?: Partial<VersionWatchOptions>;
}) {
  const i18n = useI18n();
  const watch = useMemo(() => {
    const started = getComposition();
    return started
      ? new VersionWatch({
          started,
          overridden: () => new Set(Object.keys(activeOverrides(started))),
          ...options,
        })
      : null;
    // One watch for the tab's life: options are read once.
  }, []);
  const changed = useSyncExternalStore(
    watch?.subscribe ?? (() => () => undefined),
    watch?.get ?? (() => [] as string[]),
  );
  const { pathname, search } = useLocation();
  const [offered, setOffered] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const dirty = useRef(false);
  const lastPath = useRef(pathname);

  useEffect(() => (watch ? watch.start() : undefined), [watch]);

  // A form being filled: any input in the page's main content since the last navigation.
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    const onInput = () => {
      dirty.current = true;
    };
    main?.addEventListener('input', onInput);
    return () => main?.removeEventListener('input', onInput);
  }, []);

  useEffect(() => {
    if (!watch) return;
    if (lastPath.current !== pathname) {
      lastPath.current = pathname;
      dirty.current = false;
    }
    let live = true;
    // The navigation's own check: its answer still counts as this navigation, unless the viewer has
    // started typing meanwhile or is on a screen they must not be interrupted on.
    void watch.navigated().then(() => {
      if (live && watch.get().length && !dirty.current && !busyOn(location.pathname))
        setOffered(true);
    });
    return () => {
      live = false;
    };
  }, [watch, pathname, search]);

  const shown = offered && !dismissed && changed.length > 0 && !busyOn(pathname);
  return (
    <div role="status" aria-live="polite" className={styles.notice} data-testid="new-version">
      {shown ? (
        <>
          <span>
            {i18n._({ id: 'shell.newVersion.available', message: 'A new version is available.' })}
          </span>
          <Button onClick={() => location.reload()}>
            {i18n._({ id: 'shell.newVersion.refresh', message: 'Refresh' })}
          </Button>
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {i18n._({ id: 'shell.newVersion.notNow', message: 'Not now' })}
          </Button>
        </>
      ) : null}
    </div>
  );
}
