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
setTimeout(() => {
  void startComposition().catch(() => undefined);
  setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
}, 0);
