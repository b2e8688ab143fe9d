/**
 * The first frame needs the master playlist, the lightest rendition's playlist and
 * its first segment, one after another. Fetching them while hls.js is still being
 * downloaded and set up overlaps that chain with the script; hls.js then finds the
 * answers in the HTTP cache (playlists are cacheable for 60 s, segments for a day).
 */

/** The lowest-bandwidth variant's URI of a master playlist (hls.js starts there: startLevel 0). */
export function lightestVariant(master: string): string | null {
  const lines = master.split(/\r?\n/);
  let best: { bandwidth: number; uri: string } | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (uri && (!best || bandwidth < best.bandwidth)) best = { bandwidth, uri: uri.trim() };
  }
  return best?.uri ?? null;
}

/** The first media segment's URI of a media playlist. */
export function firstSegment(playlist: string): string | null {
  const lines = playlist.split(/\r?\n/);
  const i = lines.findIndex((l) => l.startsWith('#EXTINF'));
  if (i < 0) return null;
  return (
    lines
      .slice(i + 1)
      .find((l) => l.trim() && !l.startsWith('#'))
      ?.trim() ?? null
  );
}

const warmed = new Set<string>();

/** Fire and forget: any failure is left for hls.js to meet (and report) itself. */
export async function warmStream(masterUrl: string, startAt = 0): Promise<void> {
  if (warmed.has(masterUrl) || typeof fetch !== 'function') return;
  warmed.add(masterUrl);
  try {
    const master = await (await fetch(masterUrl)).text();
    const variant = lightestVariant(master);
    if (!variant) return;
    const variantUrl = new URL(variant, masterUrl).href;
    const playlist = await (await fetch(variantUrl)).text();
    // Resuming mid-way starts elsewhere; only the opening segment is worth guessing.
    const segment = startAt > 0 ? null : firstSegment(playlist);
    if (segment) await fetch(new URL(segment, variantUrl).href);
  } catch {
    warmed.delete(masterUrl);
  }
}
