/**
 * The shell's browser signals, loaded after first paint (nothing here weighs on the first screen):
 * per remote and the version this page loaded, a `session` when the page used the remote, load
 * failures and error-boundary catches (signal-queue.ts), uncaught errors whose stack names the
 * remote's files, the gate's refusals, and LCP and INP per route. They leave in beacons to the
 * shell's host (POST /signals, same origin), which stamps each with the viewer's arm and forwards it
 * to the control plane.
 */
import type { CompositionDocument } from '@streamflix/composition';
import { hasStoredToken } from '@streamflix/shared/stored-token';
import {
  getComposition,
  getStatuses,
  subscribeStatuses,
  type RemoteStatus,
} from '../../composition/remote-registry';
import { matchScreen, routeTableFor } from '../../routing/route-tables';
import { attributeRemote, remoteFolders } from './attribution';
import { SignalBatcher } from './signal-batcher';
import { drainSignals, type QueuedSignal } from './signal-queue';

export const SIGNALS_URL = '/signals';
const FLUSH_MS = 5000;
/** An error leaves soon: a broken version is judged on what browsers report, not on when they close. */
const ERROR_FLUSH_MS = 1000;

/** The version of a remote this page runs, as the environment's document names it. */
function versionOf(doc: CompositionDocument, status: RemoteStatus | undefined, remote: string) {
  const entry = doc.remotes[remote as keyof typeof doc.remotes];
  if (status?.source === 'override') return 'override';
  if (status?.source === 'fallback') return entry?.fallback?.version ?? 'fallback';
  return entry?.version ?? 'unknown';
}

const routeOf = (pathname: string) => {
  const route = matchScreen(routeTableFor(hasStoredToken()), pathname);
  return route ? { path: route.path, remote: route.remote } : null;
};

let started = false;

export function startSignals(): void {
  const doc = getComposition();
  if (started || !doc || typeof navigator.sendBeacon !== 'function') return;
  started = true;
  const session = crypto.randomUUID().replace(/-/g, '');
  const batcher = new SignalBatcher({
    session,
    // A string goes as text/plain: Chromium refuses a beacon whose Blob has another type.
    send: (body) => {
      try {
        return navigator.sendBeacon(SIGNALS_URL, body);
      } catch {
        return false;
      }
    },
  });
  const folders = remoteFolders(doc);
  const status = (remote: string) => getStatuses().find((s) => s.remote === remote);
  const report = (
    kind: string,
    remote: string,
    extra: { route?: string; value?: number } = {},
  ) => ({ kind, remote, version: versionOf(doc, status(remote), remote), ...extra });

  let errorFlush: ReturnType<typeof setTimeout> | null = null;
  const flushSoon = () => {
    errorFlush ??= setTimeout(() => {
      errorFlush = null;
      flush();
    }, ERROR_FLUSH_MS);
  };

  const reported = new Set<string>();
  const once = (key: string, add: () => void) => {
    if (reported.has(key)) return;
    reported.add(key);
    add();
  };
  const onStatuses = () => {
    for (const s of getStatuses()) {
      if (s.mount === 'pending') continue;
      once(`session:${s.remote}`, () => batcher.add(report('session', s.remote)));
      if (s.problems.length > 0)
        once(`gate:${s.remote}`, () => {
          batcher.add(report('gate-refused', s.remote));
          flushSoon();
        });
    }
  };
  subscribeStatuses(onStatuses);
  onStatuses();

  drainSignals((signal: QueuedSignal) => {
    const remote = signal.remote ?? attributeRemote(signal.source, folders);
    if (!remote) return;
    // The same error again (a retry, a re-render) is one report with a count.
    batcher.add(report(signal.kind, remote), `${signal.kind}|${remote}|${signal.message}`);
    flushSoon();
  });

  // LCP of the page's first route; INP as the slowest interaction per route.
  const first = routeOf(location.pathname);
  let lcp: number | null = null;
  const slowest = new Map<string, { remote: string; value: number }>();
  const observe = (type: string, options: object, take: (e: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({
        type,
        buffered: true,
        ...options,
      });
    } catch {
      // A browser without this entry type reports without it.
    }
  };
  observe('largest-contentful-paint', {}, (e) => (lcp = e.startTime));
  observe('event', { durationThreshold: 40 }, (e) => {
    if (!(e as PerformanceEntry & { interactionId?: number }).interactionId) return;
    const route = routeOf(location.pathname);
    if (!route) return;
    const known = slowest.get(route.path);
    if (!known || e.duration > known.value)
      slowest.set(route.path, { remote: route.remote, value: e.duration });
  });

  function flush() {
    if (first && lcp !== null)
      once('lcp', () =>
        batcher.add(report('lcp', first.remote, { route: first.path, value: Math.round(lcp!) })),
      );
    for (const [route, { remote, value }] of slowest)
      batcher.add(report('inp', remote, { route, value: Math.round(value) }), `inp|${route}`);
    slowest.clear();
    if (batcher.size) batcher.flush();
  }
  setInterval(flush, FLUSH_MS);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
