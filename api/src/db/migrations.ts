import { Migrator, sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import type { DialectName } from './database';
import { m0001Catalogue } from './migrations/0001-catalogue';
import { m0002Accounts } from './migrations/0002-accounts';
import { m0003Billing } from './migrations/0003-billing';
import { m0004Checkout } from './migrations/0004-checkout';
import { m0004PlatformServices } from './migrations/0004-platform-services';
import { m0005RateLimits } from './migrations/0005-rate-limits';
import { m0006PendingSignUps } from './migrations/0006-pending-sign-ups';
import { m0007Profiles } from './migrations/0007-profiles';
import { m0008StreamLeases } from './migrations/0008-stream-leases';
import { m0009ProfileNotifications } from './migrations/0009-profile-notifications';
import { m0010GuestHelpMessages } from './migrations/0010-guest-help-messages';
import { m0011OutboxDeliveryStatus } from './migrations/0011-outbox-delivery-status';
import { m0012StreamLeaseIds } from './migrations/0012-stream-lease-ids';
import { m0013TitleLocalizations } from './migrations/0013-title-localizations';

/**
 * One migration set for both databases, written with the schema builder, one file per migration
 * (applied in name order). The only dialect-specific DDL (the full-text index) lives in search-dialect.ts.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_catalogue': m0001Catalogue(dialect),
    '0002_accounts': m0002Accounts,
    '0003_billing': m0003Billing,
    '0004_checkout': m0004Checkout,
    '0004_platform_services': m0004PlatformServices,
    '0005_rate_limits': m0005RateLimits,
    '0006_pending_sign_ups': m0006PendingSignUps,
    '0007_profiles': m0007Profiles,
    '0008_stream_leases': m0008StreamLeases,
    '0009_profile_notifications': m0009ProfileNotifications,
    '0010_guest_help_messages': m0010GuestHelpMessages,
    '0011_outbox_delivery_status': m0011OutboxDeliveryStatus,
    '0012_stream_lease_ids': m0012StreamLeaseIds,
    '0013_title_localizations': m0013TitleLocalizations,
  };
}

/** Every migration this code knows, in the order they apply (the last is the newest schema version). */
export function knownMigrations(dialect: DialectName): string[] {
  return Object.keys(migrations(dialect)).sort();
}

/** Resolves to the names of the migrations this call applied (none when another instance already had). */
export async function migrateToLatest(
  db: Kysely<any>,
  dialect: DialectName,
  /** Tests: stop at this migration, to upgrade a database of an older shape afterwards. */
  upTo?: string,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results } = upTo
    ? await migrator.migrateTo(upTo)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrations this code knows that the database has not applied: none once this instance (or
 * another) migrated. A database restored from an older backup, or one an instance of older code
 * runs against while this one waits, shows up here. One indexed read of Kysely's own table.
 */
export async function pendingMigrations(
  db: QueryExecutorProvider,
  dialect: DialectName,
): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((r) => r.name));
  return Object.keys(migrations(dialect)).filter((name) => !names.has(name));
}
