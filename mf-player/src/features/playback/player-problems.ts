/**
 * Why a stream will not play, in words a viewer understands: the cause, then what to do.
 * The playback hook reports a problem; this table turns it into text (tested without a browser).
 */
export type StreamProblem =
  /** The browser refused every rendition's codecs, or failed decoding them after recovery. */
  | { kind: 'decode'; codecs: string[] }
  /** Neither Media Source Extensions nor native HLS. */
  | { kind: 'unsupported' }
  /** The playlist is not on the server (4xx). */
  | { kind: 'missing' }
  /** Nothing loaded at all after the retries. */
  | { kind: 'network' }
  /**
   * The server refused the stream's signed addresses (HTTP status): the device was signed out (401),
   * another device took the plan's screen (409), or the address expired or no longer entitles (403).
   */
  | { kind: 'refused'; status: number }
  | { kind: 'other'; detail: string };

export interface Explanation {
  title: string;
  cause: string;
  next: string;
}

const CODEC_NAMES: Array<[RegExp, string]> = [
  [/^avc1\.42/i, 'H.264 video (Baseline profile)'],
  [/^avc1\.4d/i, 'H.264 video (Main profile)'],
  [/^avc1\.64/i, 'H.264 video (High profile)'],
  [/^avc[13]/i, 'H.264 video'],
  [/^(hvc1|hev1)/i, 'HEVC (H.265) video'],
  [/^av01/i, 'AV1 video'],
  [/^vp0?9/i, 'VP9 video'],
  [/^mp4a\.40\.(2|02)$/i, 'AAC audio'],
  [/^mp4a/i, 'AAC audio'],
  [/^(ec-3|ac-3)/i, 'Dolby audio'],
];

/** "H.264 video (High profile) — avc1.64001f", one per distinct codec string. */
export function codecNames(codecs: readonly string[]): string[] {
  const distinct = [...new Set(codecs.flatMap((c) => c.split(',')).map((c) => c.trim()))].filter(
    Boolean,
  );
  return distinct.map((c) => {
    const name = CODEC_NAMES.find(([re]) => re.test(c))?.[1];
    return name ? `${name} — ${c}` : c;
  });
}

const listed = (items: string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join('; ')} and ${items.at(-1)}`;

export function explainProblem(problem: StreamProblem): Explanation {
  switch (problem.kind) {
    case 'decode': {
      const names = codecNames(problem.codecs);
      return {
        title: 'Your browser can’t decode this video.',
        cause: names.length
          ? `This stream is encoded as ${listed(names)}, and this browser refused to play it.`
          : 'This browser refused to play the video’s format.',
        next:
          'Try an up-to-date Chrome, Edge, Firefox or Safari. If you use Chromium on Linux, install ' +
          'its H.264/AAC codecs; turning hardware acceleration back on in your browser’s settings can also help.',
      };
    }
    case 'unsupported':
      return {
        title: 'This browser can’t play streaming video.',
        cause: 'It supports neither Media Source Extensions nor HLS, which this video needs.',
        next: 'Open Streamflix in an up-to-date Chrome, Edge, Firefox or Safari.',
      };
    case 'missing':
      return {
        title: 'This video isn’t on our servers right now.',
        cause: 'The server could not find the stream for this title.',
        next: 'Try again in a few minutes. If it keeps happening, use “Report a problem”.',
      };
    case 'network':
      return {
        title: 'We couldn’t load the video.',
        cause:
          'Your connection dropped before the first part of the video arrived; we tried several times.',
        next: 'Check your Wi-Fi or mobile data, then press Retry.',
      };
    case 'refused':
      return explainRefusal(problem.status);
    case 'other':
      return {
        title: 'Playback stopped because of an error.',
        cause: problem.detail,
        next: 'Press Retry. If it keeps happening, use “Report a problem” so we can look at it.',
      };
  }
}

/** HTTP statuses of a media request that retrying cannot fix: the stream was stopped. */
export const REFUSED_STATUSES: ReadonlySet<number> = new Set([401, 403, 409, 410]);

function explainRefusal(status: number): Explanation {
  if (status === 401)
    return {
      title: 'You’ve been signed out, so playback stopped.',
      cause:
        'This stream ended because the account was signed out on this device: from another device (“Sign out of all devices”), by a password change, or because the account was deleted.',
      next: 'Sign in again to keep watching from where you were.',
    };
  if (status === 409)
    return {
      title: 'Someone else is watching on another device.',
      cause: 'Your plan’s screens are all in use, so this device’s stream was stopped.',
      next: 'Stop playback on another device, then press Retry, or upgrade your plan to watch on more screens.',
    };
  return {
    title: 'This stream stopped.',
    cause:
      'Its address expired, or the title is no longer available to this profile (its plan or maturity setting changed).',
    next: 'Press Retry to start it again.',
  };
}

/** What the reconnecting banner says while the network is down or being retried. */
export function reconnectMessage(r: { offline: boolean; attempt: number }): string {
  if (r.offline)
    return 'You’re offline. What has loaded keeps playing; the rest loads by itself when your connection returns.';
  return `The network dropped. Retrying (attempt ${r.attempt})… The video continues by itself when it’s back.`;
}
