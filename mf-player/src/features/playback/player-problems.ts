import { formatList, i18n } from '@streamflix/shared';
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

export function explainProblem(problem: StreamProblem): Explanation {
  switch (problem.kind) {
    case 'decode': {
      const names = codecNames(problem.codecs);
      return {
        title: i18n._({
          id: 'mf-player.problem.decode.title',
          message: 'Your browser can’t decode this video.',
        }),
        cause: names.length
          ? i18n._({
              id: 'mf-player.problem.decode.cause',
              message: 'This stream is encoded as {codecs}, and this browser refused to play it.',
              values: { codecs: formatList(names) },
            })
          : i18n._({
              id: 'mf-player.problem.decode.causeUnknown',
              message: 'This browser refused to play the video’s format.',
            }),
        next: i18n._({
          id: 'mf-player.problem.decode.next',
          message:
            'Try an up-to-date Chrome, Edge, Firefox or Safari. If you use Chromium on Linux, install its H.264/AAC codecs; turning hardware acceleration back on in your browser’s settings can also help.',
        }),
      };
    }
    case 'unsupported':
      return {
        title: i18n._({
          id: 'mf-player.problem.unsupported.title',
          message: 'This browser can’t play streaming video.',
        }),
        cause: i18n._({
          id: 'mf-player.problem.unsupported.cause',
          message: 'It supports neither Media Source Extensions nor HLS, which this video needs.',
        }),
        next: i18n._({
          id: 'mf-player.problem.unsupported.next',
          message: 'Open Streamflix in an up-to-date Chrome, Edge, Firefox or Safari.',
        }),
      };
    case 'missing':
      return {
        title: i18n._({
          id: 'mf-player.problem.missing.title',
          message: 'This video isn’t on our servers right now.',
        }),
        cause: i18n._({
          id: 'mf-player.problem.missing.cause',
          message: 'The server could not find the stream for this title.',
        }),
        next: i18n._({
          id: 'mf-player.problem.missing.next',
          message: 'Try again in a few minutes. If it keeps happening, use “Report a problem”.',
        }),
      };
    case 'network':
      return {
        title: i18n._({
          id: 'mf-player.problem.network.title',
          message: 'We couldn’t load the video.',
        }),
        cause: i18n._({
          id: 'mf-player.problem.network.cause',
          message:
            'Your connection dropped before the first part of the video arrived; we tried several times.',
        }),
        next: i18n._({
          id: 'mf-player.problem.network.next',
          message: 'Check your Wi-Fi or mobile data, then press Retry.',
        }),
      };
    case 'refused':
      return explainRefusal(problem.status);
    case 'other':
      return {
        title: i18n._({
          id: 'mf-player.problem.other.title',
          message: 'Playback stopped because of an error.',
        }),
        cause: problem.detail,
        next: i18n._({
          id: 'mf-player.problem.other.next',
          message:
            'Press Retry. If it keeps happening, use “Report a problem” so we can look at it.',
        }),
      };
  }
}

/** HTTP statuses of a media request that retrying cannot fix: the stream was stopped. */
export const REFUSED_STATUSES: ReadonlySet<number> = new Set([401, 403, 409, 410]);

function explainRefusal(status: number): Explanation {
  if (status === 401)
    return {
      title: i18n._({
        id: 'mf-player.sessionEnded.title',
        message: 'You’ve been signed out, so playback stopped.',
      }),
      cause: i18n._({
        id: 'mf-player.problem.signedOut.cause',
        message:
          'This stream ended because the account was signed out on this device: from another device (“Sign out of all devices”), by a password change, or because the account was deleted.',
      }),
      next: i18n._({
        id: 'mf-player.sessionEnded.next',
        message: 'Sign in again to keep watching from where you were.',
      }),
    };
  if (status === 409)
    return {
      title: i18n._({
        id: 'mf-player.problem.screens.title',
        message: 'Someone else is watching on another device.',
      }),
      cause: i18n._({
        id: 'mf-player.problem.screens.cause',
        message: 'Your plan’s screens are all in use, so this device’s stream was stopped.',
      }),
      next: i18n._({
        id: 'mf-player.problem.screens.next',
        message:
          'Stop playback on another device, then press Retry, or upgrade your plan to watch on more screens.',
      }),
    };
  return {
    title: i18n._({ id: 'mf-player.problem.stopped.title', message: 'This stream stopped.' }),
    cause: i18n._({
      id: 'mf-player.problem.stopped.cause',
      message:
        'Its address expired, or the title is no longer available to this profile (its plan or maturity setting changed).',
    }),
    next: i18n._({
      id: 'mf-player.problem.stopped.next',
      message: 'Press Retry to start it again.',
    }),
  };
}

/** What the reconnecting banner says while the network is down or being retried. */
export function reconnectMessage(r: { offline: boolean; attempt: number }): string {
  if (r.offline)
    return i18n._({
      id: 'mf-player.reconnect.offline',
      message:
        'You’re offline. What has loaded keeps playing; the rest loads by itself when your connection returns.',
    });
  return i18n._({
    id: 'mf-player.reconnect.retrying',
    message:
      'The network dropped. Retrying (attempt {attempt})… The video continues by itself when it’s back.',
    values: { attempt: r.attempt },
  });
}
