import { tooManyRequests } from './http-errors';

/** One key's fixed window: how many hits it holds and when it ends (epoch ms). */
export interface RateWindow {
  count: number;
  resetAt: number;
}

/**
 * Where the counters live. The policy (limits, windows, keys) lives in RateLimiter and the routes;
 * the counters live here, so API instances behind a load balancer can share them
 * (DatabaseRateLimitStore in db/rate-limit-store.ts, what the app uses) and adding instances
 * doesn't multiply the attempts. The in-memory store is for unit tests. Every method may be
 * asynchronous.
 */
export interface RateLimitStore {
  /** The key's open window, or null when none is open at `now`. */
  get(key: string, now: number): Promise<RateWindow | null> | RateWindow | null;
  /** Adds a hit, opening a window of `windowMs` when none is open, and returns the window. */
  increment(key: string, windowMs: number, now: number): Promise<RateWindow> | RateWindow;
  delete(key: string): Promise<void> | void;
  /** Takes one hit back (never below zero): a reserved attempt that turned out not to count. */
  decrement(key: string, now: number): Promise<void> | void;
}

/** A reservation: whether the attempt may go ahead, and when the key may try again if not. */
export interface Reservation {
  admitted: boolean;
  /** Seconds until the window ends (0 when admitted). */
  retryAfter: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateWindow>();

  get(key: string, now: number): RateWindow | null {
    const entry = this.windows.get(key);
    return entry && entry.resetAt > now ? entry : null;
  }

  increment(key: string, windowMs: number, now: number): RateWindow {
    const entry = this.get(key, now);
    if (entry) {
      entry.count += 1;
      return entry;
    }
    const fresh = { count: 1, resetAt: now + windowMs };
    this.windows.set(key, fresh);
    if (this.windows.size > 50_000) this.sweep(now);
    return fresh;
  }

  delete(key: string): void {
    this.windows.delete(key);
  }

  decrement(key: string, now: number): void {
    const entry = this.get(key, now);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** At most `max` hits per key per fixed window. */
export class RateLimiter {
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    /** Namespaces keys, so limiters can share one store. */
    private readonly name = '',
  ) {}

  /** The name without its key separator ('login-ip'): what a refusal is counted under. */
  get label(): string {
    return this.name.replace(/:$/, '') || 'unnamed';
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const entry = await this.store.get(this.name + key, now);
    if (!entry) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Hits counted in the key's current window. */
  async count(key: string, now = Date.now()): Promise<number> {
    return (await this.store.get(this.name + key, now))?.count ?? 0;
  }

  async hit(key: string, now = Date.now()): Promise<void> {
    await this.store.increment(this.name + key, this.windowMs, now);
  }

  /**
   * Counts the attempt first, in one atomic statement, and only then says whether it may go ahead: the
   * slow work it guards (a password hash, a card charge) runs after the count, so a burst of parallel
   * requests gets exactly `max` attempts, on every instance sharing the store.
   */
  async reserve(key: string, now = Date.now()): Promise<Reservation> {
    const window = await this.store.increment(this.name + key, this.windowMs, now);
    return window.count <= this.max
      ? { admitted: true, retryAfter: 0 }
      : { admitted: false, retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** reserve(), refusing with a 429 (Retry-After) whose message is told the minutes to wait. */
  async take(key: string, message: (minutes: number) => string, now = Date.now()): Promise<void> {
    const { admitted, retryAfter } = await this.reserve(key, now);
    if (!admitted)
      throw tooManyRequests(retryAfter, message(Math.ceil(retryAfter / 60)), this.label);
  }

  /** Hands a reserved attempt back (it succeeded, and only failures count). */
  async release(key: string, now = Date.now()): Promise<void> {
    await this.store.decrement(this.name + key, now);
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(this.name + key);
  }
}
