import { useState } from 'react';
import { useAtom } from 'jotai';
import { Button, bannerShowAtom } from '@streamflix/shared';
import { shouldShowInstallBanner } from './install-banner';
import styles from './install-banner.module.css';

type InstallPromptEvent = Event & { prompt: () => Promise<void> };

let deferredPrompt: InstallPromptEvent | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferredPrompt = e as InstallPromptEvent;
  });
}

/** The app-install banner of spec §1/§5: never on iPhone, iPad or iPod. */
export function InstallBanner() {
  const [bannerShow, setBannerShow] = useAtom(bannerShowAtom);
  const [now] = useState(() => Date.now());
  const visible = shouldShowInstallBanner({
    userAgent: navigator.userAgent,
    bannerShow,
    now,
    maxTouchPoints: navigator.maxTouchPoints,
    platform: navigator.platform,
  });
  if (!visible) return null;
  const close = () => setBannerShow(new Date().toISOString());
  const install = async () => {
    if (deferredPrompt) await deferredPrompt.prompt();
    close();
  };
  return (
    <aside className={styles.banner} aria-label="Install the app">
      <span className={styles.text}>
        Get the Streamflix app for offline viewing and faster start-up.
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
