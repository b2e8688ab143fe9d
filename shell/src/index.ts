import { startComposition } from './composition/startup';

// Compose first: the current screen's remote has the longest chain of requests
// (manifest, entry, screen chunks), so it starts before the shell's own React
// chunks, which then download in parallel. The dynamic import is also the async
// boundary that lets the federation runtime negotiate shared singletons.
void startComposition().catch(() => undefined);
setTimeout(() => void import('./bootstrap'), 0);
