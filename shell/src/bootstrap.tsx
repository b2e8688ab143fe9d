import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@streamflix/shared/tokens.css';
import { setRuntimeConfig, startLanguage } from '@streamflix/shared';
import { catalogs } from './locales/catalogs';
import { App } from './app';
import { CompositionError } from '@streamflix/composition';
import { startComposition } from './composition/startup';
import { bootText } from './platform/boot-text';
import { prefetchPath } from './screens/screen-prefetch';

function renderFatal(root: HTMLElement, message: string) {
  root.innerHTML = '';
  const box = document.createElement('main');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:560px;margin:15vh auto;padding:2rem;text-align:center;font-family:system-ui';
  const text = bootText();
  const h = document.createElement('h1');
  h.textContent = text.title;
  const p = document.createElement('p');
  p.textContent = message;
  const b = document.createElement('button');
  b.textContent = text.retry;
  b.style.cssText = 'min-height:44px;padding:0 1.5rem;font:inherit';
  b.addEventListener('click', () => window.location.reload());
  box.append(h, p, b);
  root.append(box);
}

async function start() {
  const root = document.getElementById('root')!;
  try {
    const doc = await startComposition();
    setRuntimeConfig({
      apiOrigin: doc.api,
      environment: doc.environment,
      stripePublishableKey: doc.services.stripePublishableKey,
      firebase: doc.services.firebase,
      vapidKey: doc.services.vapidKey,
    });
  } catch (err) {
    renderFatal(
      root,
      err instanceof CompositionError ? err.message : 'An unexpected error stopped start-up.',
    );
    console.error(err);
    return;
  }
  // The current screen's module is evaluated now, beside React's first render rather than when
  // the router reaches it: a screen that starts its own requests when it loads (the player asks
  // for its playback session and hls.js) starts them a render earlier, and the render does not
  // suspend on it.
  prefetchPath(window.location.href);
  // The viewer's language (profile, choice, browser, English) with its catalogs, before the first
  // render: English is bundled, so only another language waits (for its own small chunks).
  await Promise.all([catalogs.ready('en'), startLanguage()]).catch((err: unknown) =>
    console.warn('i18n: starting in English', err),
  );
  // As a transition the first render is time-sliced: React yields to the browser every few
  // milliseconds instead of one long task, which on a phone blocked input for hundreds of ms
  // (Lighthouse total blocking time).
  startTransition(() => createRoot(root).render(<App />));
  // Browser signals per remote version load after the page has loaded: none of it is first-load weight.
  const signals = () =>
    setTimeout(() => {
      void import(/* webpackChunkName: "signals" */ './delivery/signals/start-signals')
        .then((m) => m.startSignals())
        .catch(() => undefined);
    }, 0);
  if (document.readyState === 'complete') signals();
  else addEventListener('load', signals, { once: true });
}

void start();
