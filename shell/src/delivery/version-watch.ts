import type { CompositionDocument } from '@streamflix/composition';

/**
 * How an open tab learns that its environment moved on. The tab keeps the builds it started with (each
 * remote's entry is pinned at start: remote-registry.ts resolves it once per page, and builds in the
 * store are immutable, so its chunks stay where they were). It revalidates the host's
 * /composition-versions.json (shell/scripts/tab-versions.cjs) with If-None-Match: every minute while
 * the page is visible, on its return to view, and at a navigation (at most every few seconds). A 304
 * costs a few bytes; failures back off (doubling, up to ten minutes); a host without the endpoint (a
 * dev server) ends the checks.
 */

export interface TabVersions {
  remotes: Record<string, { manifest: string; version: string; integrity?: string }>;
}

export const VERSIONS_URL = '/composition-versions.json';

/** The remotes whose entry for this viewer is no longer the one the tab started with. */
export function changedRemotes(
  started: CompositionDocument,
  latest: TabVersions,
  overridden: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const [name, entry] of Object.entries(started.remotes)) {
    // A remote this tab runs from an override or a preview link is not the environment's anyway.
    if (overridden.has(name)) continue;
    const now = latest.remotes[name];
    if (!now) continue;
    if (
      now.manifest !== entry.manifest ||
      now.version !== entry.version ||
      (now.integrity ?? null) !== (entry.integrity ?? null)
    )
      out.push(name);
  }
  return out;
}

export interface VersionWatchOptions {
  started: CompositionDocument;
  overridden: () => ReadonlySet<string>;
  fetch?: typeof fetch;
  url?: string;
  intervalMs?: number;
  maxIntervalMs?: number;
  /** A navigation checks only when the last check is older than this. */
  navigationGapMs?: number;
  now?: () => number;
  visible?: () => boolean;
}

export class VersionWatch {
  private etag: string | null = null;
  private changed: string[] = [];
  private readonly listeners = new Set<() => void>();
  private lastCheck = Number.NEGATIVE_INFINITY;
  private interval: number;
  private stopped = false;
  private inflight: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: VersionWatchOptions) {
    this.interval = options.intervalMs ?? 60_000;
  }

  /** The remotes that changed since the tab started (empty while none did). */
  readonly get = (): string[] => this.changed;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current delay between checks (it grows while checks fail). */
  get delayMs(): number {
    return this.interval;
  }

  get active(): boolean {
    return !this.stopped;
  }

  /** One conditional GET (callers share the one under way). */
  check(): Promise<void> {
    this.inflight ??= this.revalidate().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** A navigation: check unless one ran a moment ago. */
  navigated(): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    if (this.stopped || now - this.lastCheck < (this.options.navigationGapMs ?? 5_000))
      return this.inflight ?? Promise.resolve();
    return this.check();
  }

  /** Checks on a timer while the page is visible, and when it comes back into view. */
  start(): () => void {
    const visible = this.options.visible ?? (() => document.visibilityState === 'visible');
    const tick = () => {
      if (this.stopped) return;
      const run = visible() ? this.check() : Promise.resolve();
      void run.then(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.interval);
      });
    };
    this.timer = setTimeout(tick, this.interval);
    const onVisible = () => {
      const now = (this.options.now ?? Date.now)();
      if (visible() && now - this.lastCheck >= this.interval) void this.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      this.stopped = true;
      clearTimeout(this.timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  private async revalidate(): Promise<void> {
    if (this.stopped) return;
    const { maxIntervalMs = 600_000, intervalMs = 60_000 } = this.options;
    this.lastCheck = (this.options.now ?? Date.now)();
    let res: Response;
    try {
      res = await (this.options.fetch ?? fetch)(this.options.url ?? VERSIONS_URL, {
        cache: 'no-cache',
        headers: this.etag ? { 'If-None-Match': this.etag } : {},
      });
    } catch {
      this.interval = Math.min(this.interval * 2, maxIntervalMs);
      return;
    }
    if (res.status === 404 || res.status === 405) {
      // This host does not serve it (a dev server): nothing to learn, so no more asking.
      this.stopped = true;
      return;
    }
    if (res.status === 304) {
      this.interval = intervalMs;
      return;
    }
    if (!res.ok) {
      this.interval = Math.min(this.interval * 2, maxIntervalMs);
      return;
    }
    let latest: TabVersions;
    try {
      latest = (await res.json()) as TabVersions;
    } catch {
      this.interval = Math.min(this.interval * 2, maxIntervalMs);
      return;
    }
    this.interval = intervalMs;
    this.etag = res.headers.get('etag');
    const changed = changedRemotes(this.options.started, latest, this.options.overridden());
    if (changed.join() !== this.changed.join()) {
      this.changed = changed;
      this.listeners.forEach((l) => l());
    }
  }
}
