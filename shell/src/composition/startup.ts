import { preloadRemote } from '@module-federation/enhanced/runtime';
import { hasStoredToken } from '@streamflix/shared/stored-token';
import {
  loadCompositionDocument,
  readInlineCompositionDocument,
  type CompositionDocument,
} from '@streamflix/composition';
import { applyOverrideParams, PREVIEW_KEY } from './overrides';
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
  // The page's HTML preloads this remote's entry and screen when its manifest arrives
  // (shell/scripts/early-hints.cjs): the runtime's preload would repeat that work (its
  // snapshot of the manifest, a link element per asset) on the main thread during start-up.
  const preloadedByPage =
    (globalThis as { __sfEarlyAssets?: unknown }).__sfEarlyAssets === route.remote;
  resolveRemote(route.remote)
    .then((r) =>
      r.mount === 'federated' && !preloadedByPage
        ? preloadRemote([
            { nameOrAlias: route.remote, exposes: [`./${route.expose}`], resourceCategory: 'sync' },
          ])
        : undefined,
    )
    .catch(
      () => undefined, // a failed prefetch is retried, and reported, when the screen renders
    );
}

/**
 * Every screen's first data call goes through the shared HTTP client, whose axios
 * chunk otherwise loads on that first call, after the screen has rendered. Start
 * it now, beside the screen's remote, so the call leaves as soon as the screen asks.
 * (@streamflix/shared is reached asynchronously: this runs before the federation's
 * async boundary.)
 */
function warmHttpClient(): void {
  // A guest's first-screen call was made by the page's HTML (shared/src/api/early-response.ts),
  // or the screen makes none (the landing):
  // this screen needs no client before its first paint, and loading one would only compete
  // with the screen's own chunks. It loads on the first call that needs it.
  if ((globalThis as { __sfEarlyScreen?: unknown }).__sfEarlyScreen === true) return;
  void import('@streamflix/shared').then(({ getHttp }) => getHttp()).catch(() => undefined);
}

/** A preview link to check at this start: in the address, or kept by this tab. */
function wantsPreview(): boolean {
  if (/[?&]preview=/.test(location.search)) return true;
  try {
    return sessionStorage.getItem(PREVIEW_KEY) !== null;
  } catch {
    return false;
  }
}

let started: Promise<CompositionDocument> | null = null;

/** Load and register the environment's composition document once. */
export function startComposition(): Promise<CompositionDocument> {
  if (started) return started;
  const register = (doc: CompositionDocument) => {
    applyOverrideParams(doc);
    registerComposition(doc);
    prefetchCurrentScreen();
    warmHttpClient();
    return doc;
  };
  // Only a start with a preview link loads its check (one request to this origin) before the
  // remotes are registered; every other start registers at once.
  const registerWithPreview = (doc: CompositionDocument) =>
    wantsPreview()
      ? import(/* webpackChunkName: "preview-link" */ './preview-link')
          .then((m) => m.takePreview())
          .catch(() => null)
          .then(() => register(doc))
      : register(doc);
  try {
    const inline = readInlineCompositionDocument();
    started = inline
      ? Promise.resolve(registerWithPreview(inline))
      : loadCompositionDocument().then(registerWithPreview);
  } catch (err) {
    started = Promise.reject(err);
  }
  return started;
}
