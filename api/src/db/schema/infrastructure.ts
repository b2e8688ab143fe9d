/** Tables no domain owns: shared rate-limit windows and settings. */

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** Shared rate-limit windows (db/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds. */
  reset_at: number;
}

export interface InfrastructureTables {
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
}
