/**
 * Table shapes for Kysely, one file per domain that owns the tables; `Database` composes them.
 * Portable column types only: text, integer, double precision. Flags are 0/1 integers and
 * timestamps are ISO-8601 UTC strings so the same queries run on SQLite and PostgreSQL unchanged.
 *
 * A new table: its shape and its entry in the domain's `...Tables` here, and a migration
 * (db/migrations/). This folder imports no domain; the domains import it.
 */
import type { AccountsTables } from './accounts';
import type { BillingTables } from './billing';
import type { CatalogueTables } from './catalogue';
import type { HelpCmsTables } from './help-cms';
import type { InfrastructureTables } from './infrastructure';
import type { NotificationsTables } from './notifications';
import type { PlaybackTables } from './playback';

export type * from './accounts';
export type * from './billing';
export type * from './catalogue';
export type * from './help-cms';
export type * from './infrastructure';
export type * from './notifications';
export type * from './playback';

export interface Database
  extends
    CatalogueTables,
    AccountsTables,
    PlaybackTables,
    NotificationsTables,
    BillingTables,
    HelpCmsTables,
    InfrastructureTables {}
