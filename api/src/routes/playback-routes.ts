import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError, badRequest, notFound, unauthorized, unavailable } from '../lib/http-errors';
import { urlsFor } from '../lib/urls';
import { requireSelf } from '../plugins/auth';
import { Country, EpisodeRef, Id, Nullable, replies } from '../schemas/common-schemas';
import { viewerCountry } from '../services/users';
import { episodeRef, nextEpisode } from '../services/watch-history';

const Subtitle = Type.Object({ language: Type.String(), label: Type.String(), url: Type.String() });

export const PlaybackSession = Type.Object(
  {
    titleId: Type.String(),
    type: Type.Union([Type.Literal('movie'), Type.Literal('series')]),
    name: Type.String(),
    episode: Nullable(EpisodeRef),
    premium: Type.Boolean(),
    stream: Type.Object({
      url: Type.String({ description: 'HLS master playlist (H.264/AAC ladder).' }),
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

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  hi: 'Hindi',
  ja: 'Japanese',
  pt: 'Portuguese',
  it: 'Italian',
  ko: 'Korean',
};

export const playbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/playback/:titleId',
    {
      schema: {
        tags: ['playback'],
        summary: 'Start playback: the stream URL after checking entitlement',
        description:
          'Free titles play for everyone, guests included. Premium titles need a signed-in viewer (401) with an active ' +
          'subscription (403, errors.entitlement = "subscription_required"). Not streamable in the caller\'s country: 403 ' +
          '(errors.entitlement = "not_available_in_country"). Media still being generated on first start: 503 with Retry-After. ' +
          'Series without episodeId continue where the viewer left off, else from the first episode.',
        params: Type.Object({ titleId: Id }),
        querystring: Type.Object({
          episodeId: Type.Optional(Type.String({ maxLength: 100 })),
          country: Type.Optional(Country),
          userId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: replies(PlaybackSession),
      },
    },
    async (request) => {
      if (request.query.userId && request.auth) requireSelf(request, request.query.userId);
      const t = await ctx.db
        .selectFrom('titles')
        .selectAll()
        .where('id', '=', request.params.titleId)
        .executeTakeFirst();
      if (!t) throw notFound('We could not find that title.');
      const userId = request.auth?.userId;
      const country = await viewerCountry(
        ctx.db,
        userId,
        request.query.country,
        ctx.config.defaultCountry,
      );
      if (!t.available_everywhere && !ctx.catalogue.isAvailable(t.id, country)) {
        throw new HttpError(403, `${t.name} is not available in your country.`, {
          entitlement: 'not_available_in_country',
        });
      }
      if (t.premium) {
        if (!userId) throw unauthorized(`Sign in and subscribe to watch ${t.name}.`);
        if (!(await ctx.billing.isEntitled(userId))) {
          throw new HttpError(403, `${t.name} is a premium title. Subscribe to watch it.`, {
            entitlement: 'subscription_required',
          });
        }
      }

      let episode = null;
      let mediaKey = t.media_key;
      if (t.type === 'series') {
        if (request.query.episodeId) {
          episode = await ctx.db
            .selectFrom('episodes')
            .selectAll()
            .where('id', '=', request.query.episodeId)
            .where('title_id', '=', t.id)
            .executeTakeFirst();
          if (!episode) throw notFound('That episode is not part of this series.');
        } else {
          const last = userId
            ? await ctx.db
                .selectFrom('watch_logs')
                .select(['episode_id', 'completed'])
                .where('user_id', '=', userId)
                .where('title_id', '=', t.id)
                .orderBy('updated_at', 'desc')
                .limit(1)
                .executeTakeFirst()
            : undefined;
          const lastEpisode = last
            ? await ctx.db
                .selectFrom('episodes')
                .selectAll()
                .where('id', '=', last.episode_id)
                .executeTakeFirst()
            : undefined;
          if (lastEpisode && last && !last.completed) episode = lastEpisode;
          else if (lastEpisode) {
            const after = await nextEpisode(
              ctx.db,
              t.id,
              lastEpisode.season_number,
              lastEpisode.number,
            );
            episode = after
              ? await ctx.db
                  .selectFrom('episodes')
                  .selectAll()
                  .where('id', '=', after.id)
                  .executeTakeFirst()
              : undefined;
          }
          episode ??= await ctx.db
            .selectFrom('episodes')
            .selectAll()
            .where('title_id', '=', t.id)
            .orderBy('season_number')
            .orderBy('number')
            .limit(1)
            .executeTakeFirst();
          if (!episode) throw notFound('This series has no episodes yet.');
        }
        mediaKey = episode.media_key;
      } else if (request.query.episodeId) {
        throw badRequest('Movies have no episodes.', { episodeId: 'must be empty for movies' });
      }

      if (!ctx.media.isReady(mediaKey)) {
        if (ctx.media.preparing)
          throw unavailable(
            'This video is still being prepared on the server. Try again in a minute.',
            30,
          );
        throw unavailable('This video is unavailable right now. Please try again later.', 300);
      }

      const urls = urlsFor(request, ctx.config.publicUrl);
      const clip = ctx.media.clip(mediaKey);
      let subtitles =
        clip?.subtitles.map((s) => ({
          language: s.language,
          label: s.name,
          url: urls.media(`${mediaKey}/${s.uri.replace(/\.m3u8$/, '.vtt')}`),
        })) ?? [];
      if (!clip) {
        // No metadata (media generated by an earlier run): discover WebVTT files next to the playlist.
        try {
          const dir = path.join(ctx.media.root, mediaKey);
          const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[];
          subtitles = files
            // Trickplay's index is WebVTT too, but not subtitles.
            .filter((f) => f.endsWith('.vtt') && !f.startsWith('trickplay'))
            .map((f) => {
              const language = /([a-z]{2})\.vtt$/.exec(f)?.[1] ?? 'en';
              return {
                language,
                label: LANGUAGE_NAMES[language] ?? language,
                url: urls.media(`${mediaKey}/${f.split(path.sep).join('/')}`),
              };
            });
        } catch {
          /* no subtitles */
        }
      }

      const log = userId
        ? await ctx.db
            .selectFrom('watch_logs')
            .select(['position', 'completed'])
            .where('user_id', '=', userId)
            .where('title_id', '=', t.id)
            .where('episode_id', '=', episode?.id ?? '')
            .executeTakeFirst()
        : undefined;
      const next = episode
        ? await nextEpisode(ctx.db, t.id, episode.season_number, episode.number)
        : null;
      return {
        status: true as const,
        message: 'Enjoy the show.',
        data: {
          titleId: t.id,
          type: t.type,
          name: t.name,
          episode: episode ? episodeRef(episode) : null,
          premium: !!t.premium,
          stream: {
            url: urls.media(`${mediaKey}/master.m3u8`),
            mimeType: 'application/vnd.apple.mpegurl' as const,
            renditions: clip?.renditions ?? [],
          },
          subtitles,
          ...(clip?.thumbnails ? { thumbnails: urls.media(`${mediaKey}/${clip.thumbnails}`) } : {}),
          trailerUrl: t.trailer_key ? urls.media(`${t.trailer_key}/master.m3u8`) : null,
          markers: {
            introStart: episode?.intro_start ?? null,
            introEnd: episode?.intro_end ?? null,
            creditsStart: episode?.credits_start ?? null,
          },
          resumePosition: log && !log.completed ? log.position : 0,
          durationSeconds: clip?.durationSeconds ?? null,
          nextEpisode: next ? episodeRef(next) : null,
          posterUrl: urls.artwork(t.id, 'poster'),
          backdropUrl: urls.artwork(t.id, 'backdrop'),
        },
      };
    },
  );
};
