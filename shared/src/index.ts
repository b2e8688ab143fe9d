/**
 * @streamflix/shared: the one auth + API module. A federated singleton: every
 * remote imports it by this package name only, and the runtime gives them all
 * the same instance (one session store, one HTTP client, one query cache).
 */
export * from './config/runtime-config';
export * from './session/storage-keys';
export * from './session/session-atoms';
export * from './session/session-actions';
export * from './session/use-session';
export * from './session/browser-country';
export * from './api/envelope';
export * from './api/api-client';
export * from './api/auth-api';
export * from './query/query-client';
export * from './query/viewer-query';
export * from './events/app-events';
export * from './analytics/track';
export * from './analytics/analytics-consent';
export * from './routing/paths';
export * from './ui/primitives';
export * from './ui/states';
export * from './app-providers';
export * from './routing/router-surface';
export * from './contract/api-types';
