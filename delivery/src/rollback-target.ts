import type { HistoryRecord, RemoteEntry } from '@streamflix/composition';

/** One move of a remote: a history record of a composition file, or an applied audit row. */
export interface Move<Entry> {
  remote: string;
  action: HistoryRecord['action'] | 'patch';
  previous: Entry;
  next: Pick<RemoteEntry, 'manifest'>;
}

/**
 * What a rollback restores: the entry that the last `set` putting the current manifest in place
 * replaced (oldest record first in `history`), or undefined when nothing earlier is known. The file
 * document's history and the control plane's audit both answer it.
 */
export function rollbackTarget<Entry extends Pick<RemoteEntry, 'manifest'>>(
  history: readonly Move<Entry>[],
  remote: string,
  current: Pick<RemoteEntry, 'manifest'> | undefined,
): Entry | undefined {
  if (!current) return undefined;
  return [...history]
    .reverse()
    .find((h) => h.remote === remote && h.action === 'set' && h.next.manifest === current.manifest)
    ?.previous;
}

/** The entry a rollback writes: the restored one, with the integrity the gate measured now. */
export const rolledBackEntry = <Entry extends object>(
  target: Entry,
  integrity?: string,
): Entry => ({
  ...target,
  ...(integrity ? { integrity } : {}),
});
