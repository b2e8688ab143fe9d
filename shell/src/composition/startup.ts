import { preloadRemote } from '@module-federation/enhanced/runtime';
import { hasStoredToken } from '@streamflix/shared/stored-token';
import {
  loadCompositionDocument,
  readInlineCompositionDocument,
  type CompositionDocument,
} from './composition-document';
import { applyOverrideParams } from './overrides';
import { registerComposition, resolveRemote } from './remote-registry';
import { matchScreen, routeTableFor } from '../routing/route-tables';

/**
 * Fetch the remote that owns the current URL in parallel with the shell's own
 * framework chunks, instead of after React has rendered (one round trip
 * chain less on every cold start).
 */
function prefetchCurrentScreen(): void {
  const route = matchScreen(routeTableFor(hasStoredToken()), location.pathname);
  if (!route) return;
  // The gate runs first (its manifest fetch is the one the runtime reuses);
  // an isolated mount loads through its own instance, so only federated ones prefetch.
  resolveRemote(route.remote)
    .then((r) =>
      r.mount === 'federated'
        ? preloadRemote([
            { nameOrAlias: route.remote, exposes: [`./${route.expose}`], resourceCategory: 'sync' },
          ])
        : undefined,
    )
    .catch(
      () => undefined, // a failed prefetch is retried, and reported, when the screen renders
    );
}

let started: Promise<CompositionDocument> | null = null;

/** Load and register the environment's composition document once. */
export function startComposition(): Promise<CompositionDocument> {
  if (started) return started;
  const register = (doc: CompositionDocument) => {
    applyOverrideParams(doc);
    registerComposition(doc);
    prefetchCurrentScreen();
    return doc;
  };
  try {
    const inline = readInlineCompositionDocument();
    started = inline ? Promise.resolve(register(inline)) : loadCompositionDocument().then(register);
  } catch (err) {
    started = Promise.reject(err);
  }
  return started;
}
