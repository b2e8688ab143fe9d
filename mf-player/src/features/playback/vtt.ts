/** The cues of a WebVTT file: times in seconds and the payload lines (trickplay, chapters). */
export interface VttBlock {
  start: number;
  end: number;
  /** The cue's identifier line, when it has one. */
  id: string | null;
  payload: string[];
}

function seconds(stamp: string): number {
  const parts = stamp.trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((p) => !Number.isFinite(p))) return NaN;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Cues in file order; a cue with unreadable or backwards times is skipped, not fatal. */
export function parseVtt(text: string): VttBlock[] {
  if (!text.startsWith('WEBVTT')) return [];
  const blocks: VttBlock[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).map((l) => l.trim());
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing]!.split('-->');
    const start = seconds(from ?? '');
    const end = seconds((to ?? '').trim().split(/\s+/)[0] ?? '');
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    blocks.push({
      start,
      end,
      id: timing > 0 ? (lines[timing - 1] ?? null) : null,
      payload: lines.slice(timing + 1).filter((l) => l.length > 0),
    });
  }
  return blocks;
}
