import { startComposition } from './composition/startup';

// Start composing (composition document, then the current screen's remote)
// while the shell's React chunks download. The dynamic import is also the
// async boundary that lets the federation runtime negotiate shared singletons.
void startComposition().catch(() => undefined);
void import('./bootstrap');
