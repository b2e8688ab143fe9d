import { Type } from 'typebox';
import { Country, EpisodeRef, Id, Nullable } from '../../../lib/common-schemas';

const Subtitle = Type.Object({ language: Type.String(), label: Type.String(), url: Type.String() });

export const PlaybackSession = Type.Object(
  {
    titleId: Type.String(),
    type: Type.Union([Type.Literal('movie'), Type.Literal('series')]),
    name: Type.String(),
    episode: Nullable(EpisodeRef),
    premium: Type.Boolean(),
    stream: Type.Object({
      url: Type.String({
        description:
          'HLS master playlist (H.264/AAC ladder), signed and expiring: /media/s/<exp>.<lease>.<sig>/<titleId>/<mediaKey>/master.m3u8. ' +
          "Every file under it (variant playlists, segments, subtitles, seek-bar sprites) is served while this device's stream " +
          "lease is live, the plan covers the title and the profile's ceiling its rating: 401 once the stream ended (signed out, " +
          'errors.entitlement = "stream_ended"), 409 when another device took the screen, 403 otherwise.',
      }),
      mimeType: Type.Literal('application/vnd.apple.mpegurl'),
      renditions: Type.Array(
        Type.Object({
          name: Type.String(),
          width: Type.Integer(),
          height: Type.Integer(),
          bandwidth: Type.Integer(),
        }),
      ),
    }),
    subtitles: Type.Array(Subtitle),
    chapters: Type.String({
      description:
        'WebVTT chapters of this title or episode (cue text is the chapter name), beside the subtitles.',
    }),
    thumbnails: Type.Optional(
      Type.String({
        description:
          'Seek-bar previews: a WebVTT index whose cues name a sprite tile (`sprite-00.jpg#xywh=x,y,w,h`, relative to it).',
      }),
    ),
    trailerUrl: Nullable(Type.String()),
    markers: Type.Object(
      {
        introStart: Nullable(Type.Number()),
        introEnd: Nullable(Type.Number()),
        creditsStart: Nullable(Type.Number()),
      },
      { description: 'Seconds; drive "Skip intro" and "Next episode".' },
    ),
    resumePosition: Type.Number({ description: 'Seconds; 0 to start from the beginning.' }),
    durationSeconds: Nullable(Type.Number()),
    nextEpisode: Nullable(EpisodeRef),
    posterUrl: Type.String(),
    backdropUrl: Type.String(),
  },
  { title: 'PlaybackSession' },
);

export const PlaybackParams = Type.Object({ titleId: Id });
export const PlaybackQuery = Type.Object({
  episodeId: Type.Optional(Type.String({ maxLength: 100 })),
  country: Type.Optional(Country),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
});
