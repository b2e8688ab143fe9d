import { startComposition } from './composition/startup';

// Compose first: the current screen's remote has the longest chain of requests
// (manifest, entry, screen chunks), so it starts before the shell's own React
// chunks, which then download in parallel. The dynamic import is also the async
// boundary that lets the federation runtime negotiate shared singletons.
// Each step is its own task: evaluating this entry, registering the composition
// and starting the shell's chunks were one long task on a phone (Lighthouse
// total blocking time). The remote's manifest is already on its way from the
// inline script in the page, so the step between costs it nothing.
setTimeout(() => {
  void startComposition().catch(() => undefined);
  setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
}, 0);
