import type { OperationsContext } from '../operations-context';
import type { PaymentOutcome } from '../../billing';

const OUTCOMES: readonly PaymentOutcome[] = ['succeeded', 'failed', 'requires_action'];

/**
 * Gauges read when Prometheus scrapes (open event streams, the PostgreSQL pool) and the payments
 * counter, fed by billing as each outcome happens. Everything is per instance; sum over instances
 * in the queries.
 */
export function instrumentServices(
  ctx: Pick<OperationsContext, 'metrics' | 'push' | 'poolStats' | 'billing'>,
): () => void {
  const { metrics, push, poolStats } = ctx;
  metrics.gauge({
    name: 'notification_streams_open',
    help: 'Notification event streams (SSE) this instance holds open.',
    collect() {
      this.set(push.openStreams);
    },
  });
  if (poolStats) {
    metrics.gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this instance, by state (active: running a query).',
      labelNames: ['state'],
      collect() {
        const { total, idle } = poolStats();
        this.set({ state: 'active' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    metrics.gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL pool connection (above 0 for long: raise PG_POOL_SIZE).',
      collect() {
        this.set(poolStats().waiting);
      },
    });
    metrics.gauge({
      name: 'db_pool_max_connections',
      help: 'The PostgreSQL pool size of this instance (PG_POOL_SIZE).',
      collect() {
        this.set(poolStats().max);
      },
    });
  }
  const payments = metrics.counter({
    name: 'payments_total',
    help: 'Payments by outcome: succeeded, failed (declined or not paid), requires_action (the bank asked the viewer).',
    labelNames: ['outcome'],
  });
  // Zero from the start, so a rate over an outcome that has not happened yet is 0, not absent.
  for (const outcome of OUTCOMES) payments.inc({ outcome }, 0);
  return ctx.billing.onPaymentOutcome((outcome) => payments.inc({ outcome }));
}
