import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIO_RENDITIONS, LADDER } from './clip-encoding';
import { FPS, SEGMENT_SECONDS } from '../../catalogue';

/** The text files of a clip: master and media playlists, and the WebVTT subtitles. */

export const SUBTITLE_LANGUAGES = [
  { language: 'en', name: 'English' },
  { language: 'es', name: 'Español' },
] as const;

// Alternating lines make it obvious on screen that cues are in sync and switch language.
const SUBTITLE_LINES: ReadonlyArray<{ en: string; es: string }> = [
  { en: '[soft ambient music]', es: '[música ambiental suave]' },
  { en: 'Did you hear that?', es: '¿Oíste eso?' },
  { en: 'It came from the lighthouse.', es: 'Vino del faro.' },
  { en: 'Nobody has lived there for years.', es: 'Nadie ha vivido allí en años.' },
  { en: 'Then who keeps the lamp burning?', es: '¿Entonces quién mantiene la lámpara encendida?' },
  {
    en: 'We should go before the tide turns.',
    es: 'Deberíamos irnos antes de que cambie la marea.',
  },
  { en: '[distant thunder]', es: '[truenos a lo lejos]' },
  { en: 'Take the map. I will hold the door.', es: 'Toma el mapa. Yo sujetaré la puerta.' },
  { en: 'Promise me you will come back.', es: 'Prométeme que volverás.' },
  { en: 'I always do.', es: 'Siempre lo hago.' },
  { en: 'Look at the sky — it is changing colour.', es: 'Mira el cielo: está cambiando de color.' },
  { en: '[music swells]', es: '[la música crece]' },
];

export interface PlaylistSegment {
  uri: string;
  duration: number;
}

export function parseMediaPlaylist(text: string): {
  segments: PlaylistSegment[];
  targetDuration: number;
  ended: boolean;
} {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const segments: PlaylistSegment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) pending = Number(line.slice(8).split(',')[0]);
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, duration: pending });
      pending = null;
    }
  }
  const td = /#EXT-X-TARGETDURATION:(\d+)/.exec(text);
  return {
    segments,
    targetDuration: td ? Number(td[1]) : 0,
    ended: text.includes('#EXT-X-ENDLIST'),
  };
}

export function measurePlaylist(dir: string): { peak: number; average: number } {
  const { segments } = parseMediaPlaylist(readFileSync(path.join(dir, 'index.m3u8'), 'utf8'));
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  for (const s of segments) {
    const b = statSync(path.join(dir, s.uri)).size * 8;
    bits += b;
    seconds += s.duration;
    // A short final segment exaggerates its rate; it does not set the peak unless it is the only one.
    if (s.duration >= SEGMENT_SECONDS * 0.5 || segments.length === 1)
      peak = Math.max(peak, b / s.duration);
  }
  const average = seconds > 0 ? bits / seconds : 0;
  // Rounded up to the next kbit so players never under-estimate.
  return {
    peak: Math.ceil(Math.max(peak, average) / 1000) * 1000,
    average: Math.ceil(average / 1000) * 1000,
  };
}

/**
 * The master playlist. Variants are video only and name the audio group; the group's default
 * is the original audio, which hls.js starts with (a remembered choice switches after).
 * A variant's bandwidth counts its video and the heaviest audio it may be paired with.
 */
export function buildMaster(
  renditions: Array<{
    name: string;
    width: number;
    height: number;
    bandwidth: number;
    average: number;
  }>,
  audio: { peak: number; average: number },
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  for (const a of AUDIO_RENDITIONS) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="${a.name}",LANGUAGE="${a.language}",` +
        `DEFAULT=${a.default ? 'YES' : 'NO'},AUTOSELECT=YES,` +
        (a.description ? 'CHARACTERISTICS="public.accessibility.describes-video",' : '') +
        `CHANNELS="2",URI="audio/${a.id}/index.m3u8"`,
    );
  }
  SUBTITLE_LANGUAGES.forEach((l, i) => {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${l.name}",LANGUAGE="${l.language}",` +
        `DEFAULT=NO,AUTOSELECT=${i === 0 ? 'YES' : 'NO'},FORCED=NO,URI="subs/${l.language}.m3u8"`,
    );
  });
  lines.push('');
  renditions.forEach((r, i) => {
    const rung = LADDER[i]!;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth + audio.peak},AVERAGE-BANDWIDTH=${r.average + audio.average},` +
        `RESOLUTION=${r.width}x${r.height},FRAME-RATE=${FPS.toFixed(3)},CODECS="${rung.codecs}",AUDIO="aud",SUBTITLES="subs"`,
      `${r.name}/index.m3u8`,
    );
  });
  return lines.join('\n') + '\n';
}

export function buildSubtitlePlaylist(language: string, duration: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    `${language}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3600000);
  const m = Math.floor((ms % 3600000) / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function buildVtt(language: 'en' | 'es', duration: number, mpegtsStart: number): string {
  const out = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${mpegtsStart},LOCAL:00:00:00.000`, ''];
  let n = 0;
  // A cue every 4 s, shown for 3 s, stopping before the fade-out.
  for (let t = 1; t + 3 <= duration - 0.5; t += 4) {
    const line = SUBTITLE_LINES[n % SUBTITLE_LINES.length]!;
    n += 1;
    out.push(String(n), `${vttTime(t)} --> ${vttTime(t + 3)}`, line[language], '');
  }
  return out.join('\n');
}
