/**
 * Fixed-window counters. The policy (limits, windows, keys) lives here and in the routes; the counters
 * live in a RateLimitStore, so API instances behind a load balancer can share them
 * (DatabaseRateLimitStore in db/rate-limit-store.ts) and adding instances doesn't multiply the attempts.
 */
export interface RateLimitWindow {
  count: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

export interface RateLimitStore {
  /** The key's current window, or null when it has none or it has ended. */
  get(key: string, now: number): Promise<RateLimitWindow | null>;
  /** Counts one hit atomically, starting a new window of windowMs when there is none. */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitWindow>;
  reset(key: string): Promise<void>;
}

/** One process's counters in memory: unit tests, or a single instance that needs no shared state. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitWindow>();

  async get(key: string, now: number): Promise<RateLimitWindow | null> {
    const entry = this.windows.get(key);
    return entry && entry.resetAt > now ? { ...entry } : null;
  }

  async hit(key: string, windowMs: number, now: number): Promise<RateLimitWindow> {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      if (this.windows.size > 50_000) this.sweep(now);
      return { ...fresh };
    }
    entry.count += 1;
    return { ...entry };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

export class RateLimiter {
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    /** Keeps limiters that share a store apart. */
    private readonly prefix = '',
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const entry = await this.store.get(this.prefix + key, now);
    if (!entry) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  async hit(key: string, now = Date.now()): Promise<void> {
    await this.store.hit(this.prefix + key, this.windowMs, now);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.prefix + key);
  }
}
