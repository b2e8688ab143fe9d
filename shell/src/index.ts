import { startComposition } from './composition/startup';

// Compose first: the current screen's remote has the longest chain of requests
// (manifest, entry, screen chunks). The dynamic import is the async boundary that
// lets the federation runtime negotiate shared singletons. Both start in the
// entry's own evaluation: the page's HTML preloads the bootstrap's chunks
// (boot-assets.json), so they arrive with the entry, and start-up work done
// before the first paint, in the scripts' evaluation, blocks no input, where
// timer tasks after it did (Lighthouse total blocking time).
void startComposition().catch(() => undefined);
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
