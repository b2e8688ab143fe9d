import type { PlayerDiagnostics } from '../player-diagnostics';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const dash = '—';

function mbps(kbps: number | null): string {
  if (kbps === null) return dash;
  return kbps >= 1000 ? `${(kbps / 1000).toFixed(1)} Mbps` : `${kbps} kbps`;
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
      label: 'Rendition',
      value: `${str(d.rendition) ?? dash}${d.autoLevel === true ? ' (Auto)' : d.autoLevel === false ? ' (fixed)' : ''}`,
    },
    { label: 'Available', value: renditions.length ? renditions.join(', ') : dash },
    { label: 'Audio', value: str(d.audioTrack) ?? dash },
    { label: 'Bandwidth estimate', value: mbps(num(d.bandwidthEstimateKbps)) },
    { label: 'Buffer ahead', value: `${(num(d.bufferAheadSeconds) ?? 0).toFixed(1)} s` },
    {
      label: 'Dropped frames',
      value: dropped === null ? dash : `${dropped}${total !== null ? ` of ${total}` : ''}`,
    },
    { label: 'Start-up time', value: startup === null ? 'not started' : `${startup} ms` },
    { label: 'Stalls', value: String(num(d.stalls) ?? 0) },
    { label: 'Last segment', value: segmentName(str(d.segment)) },
    { label: 'CDN host', value: str(d.cdnHost) ?? dash },
    { label: 'Engine', value: str(d.engine) ?? dash },
  ];
}

/** One sentence for a screen reader, on request. */
export function statsSentence(d: PlayerDiagnostics): string {
  const rows = statsRows(d);
  return `Playback stats. ${rows.map((r) => `${r.label}: ${r.value}`).join('. ')}.`;
}
