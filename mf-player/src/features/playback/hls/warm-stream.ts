import { connectionEstimate, startVariant } from './hls-config';

/**
 * The first frame needs the master playlist, then the starting rung's playlist and its first
 * segment, and the audio's playlist and first segment, one after another. Fetching them while
 * hls.js is still being downloaded and set up overlaps that chain with the script; hls.js then
 * finds the answers in the HTTP cache (playlists are cacheable for 60 s, segments for a day).
 */

/** The master playlist's variants: URI and peak bandwidth (bits/s), in playlist order. */
export function variantsOf(master: string): Array<{ uri: string; bandwidth: number }> {
  const lines = master.split(/\r?\n/);
  const out: Array<{ uri: string; bandwidth: number }> = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (uri) out.push({ uri: uri.trim(), bandwidth });
  });
  return out;
}

/** The URI of the audio rendition hls.js starts with: the group's DEFAULT=YES one, else the first. */
export function defaultAudio(master: string): string | null {
  const audio = master.split(/\r?\n/).filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
  const line = audio.find((l) => l.includes('DEFAULT=YES')) ?? audio[0];
  return (line && /URI="([^"]+)"/.exec(line)?.[1]) ?? null;
}

/** The URI of the media segment that holds `seconds` (the last one past the end). */
export function segmentAt(playlist: string, seconds = 0): string | null {
  const lines = playlist.split(/\r?\n/);
  let start = 0;
  let found: string | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.startsWith('#EXTINF:')) continue;
    const uri = lines
      .slice(i + 1)
      .find((l) => l.trim() && !l.startsWith('#'))
      ?.trim();
    if (!uri) break;
    found = uri;
    start += Number(lines[i]!.slice(8).split(',')[0]) || 0;
    if (start > seconds) break;
  }
  return found;
}

export interface WarmStart {
  /** Absolute URL of the variant playlist warmed: hls.js starts on that rung. */
  variant: string;
  /** Absolute URL of its segment requested, and when (performance.now()). */
  segment: string | null;
  requestedAt: number | null;
}

const warmed = new Map<string, WarmStart>();
const pending = new Set<string>();

/** What warmStream chose for this stream, if it got as far as the master playlist. */
export function warmedStart(masterUrl: string): WarmStart | undefined {
  return warmed.get(masterUrl);
}

const text = async (url: string) => (await fetch(url)).text();

/** A playlist, then the segment at `startAt`, read to the end (an unread body may stop short). */
async function warmMedia(playlistUrl: string, startAt: number, record?: WarmStart) {
  const segment = segmentAt(await text(playlistUrl), startAt);
  if (!segment) return;
  const url = new URL(segment, playlistUrl).href;
  if (record) Object.assign(record, { segment: url, requestedAt: performance.now() });
  await (await fetch(url)).arrayBuffer();
}

/** Fire and forget: any failure is left for hls.js to meet (and report) itself. */
export async function warmStream(masterUrl: string, startAt = 0): Promise<void> {
  if (warmed.has(masterUrl) || pending.has(masterUrl) || typeof fetch !== 'function') return;
  pending.add(masterUrl);
  try {
    const master = await text(masterUrl);
    const variants = variantsOf(master);
    const start =
      variants[
        startVariant(
          variants.map((v) => v.bandwidth),
          connectionEstimate(),
        )
      ];
    if (!start) return;
    const record: WarmStart = {
      variant: new URL(start.uri, masterUrl).href,
      segment: null,
      requestedAt: null,
    };
    warmed.set(masterUrl, record);
    const audio = defaultAudio(master);
    await Promise.all([
      warmMedia(record.variant, startAt, record),
      audio ? warmMedia(new URL(audio, masterUrl).href, startAt) : null,
    ]);
  } catch {
    warmed.delete(masterUrl);
  } finally {
    pending.delete(masterUrl);
  }
}
