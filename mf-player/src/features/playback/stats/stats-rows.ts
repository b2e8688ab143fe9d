import { formatNumber, i18n } from '@streamflix/shared';
import type { PlayerDiagnostics } from '../player-diagnostics';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const dash = '—';

function mbps(kbps: number | null): string {
  if (kbps === null) return dash;
  return kbps >= 1000
    ? `${formatNumber(kbps / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Mbps`
    : `${formatNumber(kbps)} kbps`;
}

/** The last two parts of a segment URL: enough to tell renditions and segments apart. */
function segmentName(url: string | null): string {
  if (!url) return dash;
  try {
    return new URL(url).pathname.split('/').slice(-2).join('/');
  } catch {
    return url;
  }
}

/** The overlay's rows, from the player's diagnostics (the same the problem report sends). */
export function statsRows(d: PlayerDiagnostics): Array<{ label: string; value: string }> {
  const renditions = Array.isArray(d.renditions) ? (d.renditions as string[]) : [];
  const dropped = num(d.droppedFrames);
  const total = num(d.totalFrames);
  const startup = num(d.startupMs);
  return [
    {
      label: i18n._({ id: 'mf-player.stats.rendition', message: 'Rendition' }),
      value:
        d.autoLevel === true
          ? i18n._({
              id: 'mf-player.stats.renditionAuto',
              message: '{rendition} (Auto)',
              values: { rendition: str(d.rendition) ?? dash },
            })
          : d.autoLevel === false
            ? i18n._({
                id: 'mf-player.stats.renditionFixed',
                message: '{rendition} (fixed)',
                values: { rendition: str(d.rendition) ?? dash },
              })
            : (str(d.rendition) ?? dash),
    },
    {
      label: i18n._({ id: 'mf-player.stats.available', message: 'Available' }),
      value: renditions.length ? renditions.join(', ') : dash,
    },
    {
      label: i18n._({ id: 'mf-player.stats.audio', message: 'Audio' }),
      value: str(d.audioTrack) ?? dash,
    },
    {
      label: i18n._({ id: 'mf-player.stats.bandwidth', message: 'Bandwidth estimate' }),
      value: mbps(num(d.bandwidthEstimateKbps)),
    },
    {
      label: i18n._({ id: 'mf-player.stats.bufferAhead', message: 'Buffer ahead' }),
      value: `${formatNumber(num(d.bufferAheadSeconds) ?? 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`,
    },
    {
      label: i18n._({ id: 'mf-player.stats.dropped', message: 'Dropped frames' }),
      value:
        dropped === null
          ? dash
          : total !== null
            ? i18n._({
                id: 'mf-player.stats.droppedOf',
                message: '{dropped} of {total}',
                values: { dropped: formatNumber(dropped), total: formatNumber(total) },
              })
            : formatNumber(dropped),
    },
    {
      label: i18n._({ id: 'mf-player.stats.startup', message: 'Start-up time' }),
      value:
        startup === null
          ? i18n._({ id: 'mf-player.stats.notStarted', message: 'not started' })
          : `${formatNumber(startup)} ms`,
    },
    {
      label: i18n._({ id: 'mf-player.stats.stalls', message: 'Stalls' }),
      value: formatNumber(num(d.stalls) ?? 0),
    },
    {
      label: i18n._({ id: 'mf-player.stats.lastSegment', message: 'Last segment' }),
      value: segmentName(str(d.segment)),
    },
    {
      label: i18n._({ id: 'mf-player.stats.cdnHost', message: 'CDN host' }),
      value: str(d.cdnHost) ?? dash,
    },
    {
      label: i18n._({ id: 'mf-player.stats.engine', message: 'Engine' }),
      value: str(d.engine) ?? dash,
    },
  ];
}

/** One sentence for a screen reader, on request. */
export function statsSentence(d: PlayerDiagnostics): string {
  const rows = statsRows(d);
  return i18n._({
    id: 'mf-player.stats.sentence',
    message: 'Playback stats. {rows}.',
    values: { rows: rows.map((r) => `${r.label}: ${r.value}`).join('. ') },
  });
}
