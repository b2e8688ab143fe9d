import type { CatalogueContext } from '../catalogue-context';

declare module '../../../lib/cluster-bus' {
  interface ClusterEvents {
    /** The catalogue's rows changed: reload the search index and the reference data. */
    catalogue: { reason: string };
  }
}

/**
 * A catalogue change announced on any instance (`ctx.cluster.publish('catalogue', …)` after the rows and
 * the full-text index are written) reloads this instance's index. Changes that arrive during a reload
 * coalesce into one more reload. After the bus reconnects, events may have been missed, so it reloads too.
 */
export function subscribeCatalogueReload(
  ctx: Pick<CatalogueContext, 'catalogue' | 'db' | 'cluster' | 'log'>,
): void {
  let running: Promise<void> | null = null;
  let again = false;
  const reload = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = ctx.catalogue
      .reload(ctx.db)
      .catch((err: unknown) => ctx.log('catalogue reload failed; serving the previous index', err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          reload();
        }
      });
  };
  ctx.cluster.subscribe('catalogue', reload);
  ctx.cluster.subscribe('reconnected', reload);
}
