import type { AnalyticsEvent } from '@streamflix/shared';

const STORAGE_KEY = 'streamflix:analytics-events';
const MAX_EVENTS = 200;

/**
 * The local implementation of analytics: the events this tab produced, kept
 * in sessionStorage (so they survive a reload) for /debug/analytics. Used on
 * its own when no provider is configured, and as a local copy when one is.
 */
class LocalRecorder {
  private listeners = new Set<() => void>();
  private currentMode = 'local';

  get mode(): string {
    return this.currentMode;
  }

  setMode(mode: string) {
    this.currentMode = mode;
  }

  events(): AnalyticsEvent[] {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as AnalyticsEvent[];
    } catch {
      return [];
    }
  }

  record(event: AnalyticsEvent) {
    const next = [...this.events(), event].slice(-MAX_EVENTS);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the debug page just shows less.
    }
    this.listeners.forEach((l) => l());
  }

  clear() {
    sessionStorage.removeItem(STORAGE_KEY);
    this.listeners.forEach((l) => l());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const localRecorder = new LocalRecorder();
