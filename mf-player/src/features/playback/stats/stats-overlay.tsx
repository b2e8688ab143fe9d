import { useCatalogs, useI18n } from '@streamflix/shared';
import { useEffect, useId, useState } from 'react';
import type { PlayerDiagnostics } from '../player-diagnostics';
import { statsRows, statsSentence } from './stats-rows';
import styles from './stats-overlay.module.css';
import { statsCatalogs } from './locales/catalogs';

const REFRESH_MS = 1000;

/**
 * "Stats for nerds": what the player is doing, refreshed every second. Loaded only when
 * opened. Not a live region (it would talk every second): "Read out" puts one summary in the
 * player's live region when the viewer asks.
 */
export default function StatsOverlay({
  collect,
  onClose,
  onAnnounce,
}: {
  collect: () => PlayerDiagnostics;
  onClose: () => void;
  onAnnounce: (text: string) => void;
}) {
  useCatalogs(statsCatalogs);
  const [stats, setStats] = useState(() => collect());
  const headingId = useId();
  const i18n = useI18n();
  useEffect(() => {
    setStats(collect());
    const t = setInterval(() => setStats(collect()), REFRESH_MS);
    return () => clearInterval(t);
  }, [collect]);
  const rows = statsRows(stats);
  return (
    <section
      className={styles.panel}
      aria-labelledby={headingId}
      data-testid="stats-overlay"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <h2 id={headingId} className={styles.heading}>
        {i18n._({ id: 'mf-player.stats.title', message: 'Playback stats' })}
      </h2>
      <dl className={styles.list}>
        {rows.map(({ label, value }) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          onClick={() => onAnnounce(statsSentence(stats))}
        >
          {i18n._({ id: 'mf-player.stats.readOut', message: 'Read out' })}
        </button>
        <button type="button" className={styles.button} onClick={onClose}>
          {i18n._({ id: 'mf-player.stats.close', message: 'Close stats' })}
        </button>
      </div>
    </section>
  );
}
