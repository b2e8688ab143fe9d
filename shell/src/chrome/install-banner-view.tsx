import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import {
  Button,
  analyticsConsentAtom,
  bannerShowAtom,
  browserRefusesTracking,
  on,
  useI18n,
} from '@streamflix/shared';
import { countVisit, ENGAGED_KEY, installBannerState, isEngaged } from './install-banner';
import styles from './install-banner.module.css';

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** When the app was installed on this device (for the 90-day reminder); the shell's own key. */
export const INSTALLED_AT_KEY = 'appInstalledAt';

let deferredPrompt: InstallPromptEvent | null = null;
const promptListeners = new Set<() => void>();
const readInstalledAt = () => {
  try {
    return localStorage.getItem(INSTALLED_AT_KEY);
  } catch {
    return null;
  }
};
let visits = 1;
const readEngagedAt = () => {
  try {
    return localStorage.getItem(ENGAGED_KEY);
  } catch {
    return null;
  }
};
if (typeof window !== 'undefined') {
  try {
    visits = countVisit(localStorage, sessionStorage);
  } catch {
    // Storage refused (private mode): every visit is a first one, and the offer waits for a playback.
  }
  // A first playback watched to its end is engagement enough to offer the app.
  on('player:playback-ended', () => {
    try {
      if (!localStorage.getItem(ENGAGED_KEY))
        localStorage.setItem(ENGAGED_KEY, new Date().toISOString());
    } catch {
      // No storage: nothing to remember.
    }
    promptListeners.forEach((l) => l());
  });
  // Chromium offers installation once; keep its event for our own Install button.
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferredPrompt = e as InstallPromptEvent;
    promptListeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    try {
      localStorage.setItem(INSTALLED_AT_KEY, new Date().toISOString());
    } catch {
      // Private mode: no reminder, nothing else lost.
    }
    promptListeners.forEach((l) => l());
  });
}

/** The app-install banner of spec §1/§5: never on iPhone, iPad or iPod; a reminder 90 days after install. */
export function InstallBanner() {
  const i18n = useI18n();
  const [bannerShow, setBannerShow] = useAtom(bannerShowAtom);
  const consent = useAtomValue(analyticsConsentAtom);
  const { pathname } = useLocation();
  const [installedAt, setInstalledAt] = useState(readInstalledAt);
  const [engagedAt, setEngagedAt] = useState(readEngagedAt);
  const [canPrompt, setCanPrompt] = useState(() => deferredPrompt !== null);
  const [hint, setHint] = useState(false);
  const [now] = useState(() => Date.now());
  useEffect(() => {
    const update = () => {
      setCanPrompt(deferredPrompt !== null);
      setInstalledAt(readInstalledAt());
      setEngagedAt(readEngagedAt());
    };
    promptListeners.add(update);
    return () => void promptListeners.delete(update);
  }, []);
  const state = installBannerState({
    userAgent: navigator.userAgent,
    bannerShow,
    now,
    maxTouchPoints: navigator.maxTouchPoints,
    platform: navigator.platform,
    installedAt,
    standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    engaged: isEngaged(visits, engagedAt),
    otherPrompt: consent === null && !browserRefusesTracking(),
    watching: pathname.startsWith('/watch/'),
  });
  if (!state) return null;
  const close = () => setBannerShow(new Date().toISOString());

  if (state === 'reminder') {
    const later = () => {
      // The next reminder comes 90 days from now.
      localStorage.setItem(INSTALLED_AT_KEY, new Date().toISOString());
      close();
    };
    return (
      <aside
        className={styles.banner}
        aria-label={i18n._({
          id: 'shell.install.reminderLabel',
          message: 'Streamflix app reminder',
        })}
      >
        <span className={styles.text}>
          {i18n._({
            id: 'shell.install.reminder',
            message:
              'Streamflix is installed on this device: open the app from your home screen or app list for faster start-up.',
          })}
        </span>
        <Button
          variant="ghost"
          onClick={later}
          aria-label={i18n._({ id: 'shell.install.closeReminder', message: 'Close app reminder' })}
        >
          {i18n._({ id: 'shell.install.ok', message: 'OK' })}
        </Button>
      </aside>
    );
  }

  const install = async () => {
    if (!deferredPrompt) {
      setHint(true);
      return;
    }
    const event = deferredPrompt;
    deferredPrompt = null;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // Accepted: `appinstalled` records the time. Dismissed: the 15-day rule, like Not now.
    if (outcome === 'dismissed') close();
    else setCanPrompt(false);
  };
  return (
    <aside
      className={styles.banner}
      aria-label={i18n._({ id: 'shell.install.label', message: 'Install the app' })}
    >
      <span className={styles.text} role={hint ? 'status' : undefined}>
        {hint && !canPrompt
          ? i18n._({
              id: 'shell.install.hint',
              message:
                'To install Streamflix, open your browser menu and choose "Install Streamflix" (or "Add to Home screen").',
            })
          : i18n._({
              id: 'shell.install.pitch',
              message: 'Get the Streamflix app for offline viewing and faster start-up.',
            })}
      </span>
      <Button variant="primary" onClick={install}>
        {i18n._({ id: 'shell.install.install', message: 'Install' })}
      </Button>
      <Button
        variant="ghost"
        onClick={close}
        aria-label={i18n._({ id: 'shell.install.close', message: 'Close install banner' })}
      >
        {i18n._({ id: 'shell.install.notNow', message: 'Not now' })}
      </Button>
    </aside>
  );
}
