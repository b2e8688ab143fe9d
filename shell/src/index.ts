import { startComposition } from './composition/startup';
import { listenForUncaught } from './delivery/signals/signal-queue';

// First: a remote's chunk that throws while the page starts is kept for the browser signals.
listenForUncaught();

// Compose first: the current screen's remote has the longest chain of requests
// (manifest, entry, screen chunks). The dynamic import is the async boundary that
// lets the federation runtime negotiate shared singletons.
// Each step is its own task: evaluating this entry, registering the composition
// and starting the shell's bootstrap were one long task on a phone (Lighthouse
// total blocking time). The page's HTML already requested the remote's manifest
// and preloads the bootstrap's chunks, so the steps between cost them nothing.
// React DOM and the shared package are evaluated each in a task of their own too, before the
// bootstrap: all three in the task of the last chunk to arrive were 35-45 ms of CPU, 140-190 ms on
// a phone (issue 36).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
setTimeout(() => {
  void startComposition().catch(() => undefined);
  void (async () => {
    await import('react-dom/client').catch(() => undefined);
    await nextTask();
    await import('@streamflix/shared').catch(() => undefined);
    await nextTask();
    await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  })().catch(() => {
    // The bootstrap's chunks could not be downloaded: the page's HTML says so, with Retry
    // (shell/scripts/boot-failure.cjs), instead of its loading screen spinning on.
    (self as { __sfBootFailed?: () => void }).__sfBootFailed?.();
  });
}, 0);
