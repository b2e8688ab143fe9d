/**
 * The tables of browser signals and canary analysis, created with the rest (database.ts's migrate).
 * Counts are per interval (a minute) and per label set, incremented by upsert so several instances
 * add up on one PostgreSQL; a session row per page load and remote holds what the analysis needs
 * (whether that session saw an error, its worst LCP and INP).
 */
import type { Kysely, Transaction } from 'kysely';

export interface SignalCountTable {
  environment: string;
  remote: string;
  version: string;
  arm: string;
  kind: string;
  /** The interval's start (ISO, on the minute). */
  interval_start: string;
  count: number;
}

export interface SignalSessionTable {
  environment: string;
  remote: string;
  version: string;
  arm: string;
  /** The page load's random id (the shell makes one per load). */
  session: string;
  first_at: string;
  last_at: string;
  errors: number;
  lcp_ms: number | null;
  inp_ms: number | null;
}

/** One canary's analysis, keyed by the canary's start (a new canary starts from zero). */
export interface CanaryAnalysisTable {
  environment: string;
  remote: string;
  started_at: string;
  failed_checks: number;
  passed_checks: number;
  checks: number;
  last_check_at: string | null;
  /** The last check as JSON (result, figures per arm, reasons). */
  last_check: string | null;
}

/** Who acts for all instances until when (the analysis tick). */
export interface LeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface SignalTables {
  signal_counts: SignalCountTable;
  signal_sessions: SignalSessionTable;
  canary_analysis: CanaryAnalysisTable;
  leases: LeaseTable;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateSignals(trx: Transaction<any> | Kysely<any>) {
  await trx.schema
    .createTable('signal_counts')
    .ifNotExists()
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('interval_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('signal_counts_pk', [
      'environment',
      'remote',
      'version',
      'arm',
      'kind',
      'interval_start',
    ])
    .execute();
  await trx.schema
    .createTable('signal_sessions')
    .ifNotExists()
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addColumn('lcp_ms', 'integer')
    .addColumn('inp_ms', 'integer')
    .addPrimaryKeyConstraint('signal_sessions_pk', [
      'environment',
      'remote',
      'version',
      'arm',
      'session',
    ])
    .execute();
  await trx.schema
    .createIndex('signal_sessions_by_time')
    .ifNotExists()
    .on('signal_sessions')
    .columns(['environment', 'remote', 'first_at'])
    .execute();
  await trx.schema
    .createTable('canary_analysis')
    .ifNotExists()
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('failed_checks', 'integer', (c) => c.notNull())
    .addColumn('passed_checks', 'integer', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('last_check_at', 'text')
    .addColumn('last_check', 'text')
    .addPrimaryKeyConstraint('canary_analysis_pk', ['environment', 'remote', 'started_at'])
    .execute();
  await trx.schema
    .createTable('leases')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
