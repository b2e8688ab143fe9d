import { createIsolatedApp } from '@streamflix/shared/isolated';
import { remoteRoutes } from './remote-routes';

/** mf-player on its own: the dev harness and the single-spa lifecycles. */
export const isolatedApp = createIsolatedApp('mf-player', remoteRoutes);
