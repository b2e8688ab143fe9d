import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { Button, bannerShowAtom } from '@streamflix/shared';
import { installBannerState } from './install-banner';
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
if (typeof window !== 'undefined') {
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
  const [bannerShow, setBannerShow] = useAtom(bannerShowAtom);
  const [installedAt, setInstalledAt] = useState(readInstalledAt);
  const [canPrompt, setCanPrompt] = useState(() => deferredPrompt !== null);
  const [hint, setHint] = useState(false);
  const [now] = useState(() => Date.now());
  useEffect(() => {
    const update = () => {
      setCanPrompt(deferredPrompt !== null);
      setInstalledAt(readInstalledAt());
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
      <aside className={styles.banner} aria-label="Streamflix app reminder">
        <span className={styles.text}>
          Streamflix is installed on this device: open the app from your home screen or app list for
          faster start-up.
        </span>
        <Button variant="ghost" onClick={later} aria-label="Close app reminder">
          OK
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
    <aside className={styles.banner} aria-label="Install the app">
      <span className={styles.text} role={hint ? 'status' : undefined}>
        {hint && !canPrompt
          ? 'To install Streamflix, open your browser menu and choose "Install Streamflix" (or "Add to Home screen").'
          : 'Get the Streamflix app for offline viewing and faster start-up.'}
      </span>
      <Button variant="primary" onClick={install}>
        Install
      </Button>
      <Button variant="ghost" onClick={close} aria-label="Close install banner">
        Not now
      </Button>
    </aside>
  );
}
