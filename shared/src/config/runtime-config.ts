/**
 * Run-time configuration, set once by the shell from its environment's
 * composition document. Nothing environment-specific is compiled into any app,
 * so the same build runs locally, in staging and in production.
 */
export interface RuntimeConfig {
  /** Origin of the API host; the client appends /v1. */
  apiOrigin: string;
  /** Environment name from the composition document (local, staging, production). */
  environment: string;
  /** Stripe publishable key; absent means the local test gateway. */
  stripePublishableKey?: string;
  /** Firebase web config; absent means push falls back to the API's event stream. */
  firebase?: Record<string, string>;
  /** Public web-push (VAPID) key for Firebase Cloud Messaging. */
  vapidKey?: string;
}

const DEFAULT_API_ORIGIN = 'http://localhost:4000';

let current: RuntimeConfig = { apiOrigin: DEFAULT_API_ORIGIN, environment: 'local' };

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): RuntimeConfig {
  current = {
    ...current,
    ...next,
    apiOrigin: (next.apiOrigin ?? current.apiOrigin).replace(/\/+$/, ''),
  };
  return current;
}

export function apiBaseUrl(): string {
  return `${current.apiOrigin}/v1`;
}
