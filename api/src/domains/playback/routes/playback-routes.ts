import { Type } from 'typebox';
import { urlsFor } from '../../../lib/urls';
import { ErrorEnvelope } from '../../../lib/common-schemas';
import { chaptersVtt, titleChapters } from '../services/chapters';
import { requireSelf } from '../../../plugins/auth';
import { PlaybackParams, PlaybackQuery, PlaybackSession } from '../schemas/playback-schemas';
import { startPlayback } from '../services/playback';
import { claimScreen, LEASE_SECONDS, releaseScreen } from '../services/stream-leases';
import { defineRoutes, type RoutesPlugin } from '../../../lib/define-routes';
import type { PlaybackContext } from '../playback-context';

export const playbackRoutes = defineRoutes<PlaybackContext>(['playback'], (route, ctx) => {
  route.get('/playback/:titleId', {
    summary: 'Start playback: the stream URL after checking entitlement',
    description:
      'Free titles play for everyone, guests included. Premium titles need a signed-in viewer (401) with an active ' +
      'subscription (403, errors.entitlement = "subscription_required"). Not streamable in the caller\'s country: 403 ' +
      '(errors.entitlement = "not_available_in_country"). Above the profile\'s maturity ceiling: 403 (errors.entitlement = ' +
      '"maturity_ceiling", errors.maturity = the rating). Media still being generated on first start: 503 with Retry-After. ' +
      "Signed in: one of the plan's screens (Basic 1, Premium 4) is taken for this device; beyond that, 409 " +
      '(errors.entitlement = "too_many_streams", errors.profile = who is watching). ' +
      'Series without episodeId continue where the viewer left off, else from the first episode.',
    params: PlaybackParams,
    querystring: PlaybackQuery,
    reply: PlaybackSession,
    handler: async (request, auth) => {
      if (request.query.userId && auth) requireSelf(request, request.query.userId);
      const data = await startPlayback(
        ctx,
        {
          titleId: request.params.titleId,
          episodeId: request.query.episodeId,
          country: request.query.country,
          userId: auth?.userId,
          profileId: auth?.profileId,
          // The profile's ceiling, or the operator's guest ceiling (GUEST_MATURITY).
          maturity: request.maturity,
          // A signed-in device takes one of its plan's screens (guests watch free titles on no account).
          claimScreen: auth ? (titleId) => claimScreen(ctx, auth, titleId) : undefined,
        },
        urlsFor(request, ctx.config),
      );
      return { message: 'Enjoy the show.', data };
    },
  });

  route.delete('/playback/screen', {
    summary: "The player closed: free this device's screen",
    description: `Playback holds one of the plan's screens while its player reports progress (a screen unused for ${LEASE_SECONDS} s frees itself).`,
    access: 'signed-in',
    handler: async (_request, auth) => {
      await releaseScreen(ctx, auth);
      return { message: 'Screen freed.' };
    },
  });
});

/** The chapters file the playback session points at: WebVTT, not the JSON envelope. */
export const chapterRoutes: RoutesPlugin<PlaybackContext> = async (app, { ctx }) => {
  app.get(
    '/playback/:titleId/chapters.vtt',
    {
      schema: {
        tags: ['playback'],
        summary: 'Chapter markers of a title or an episode (WebVTT chapters)',
        description:
          'text/vtt: one cue per chapter, its text the chapter name. Series name the episode (400 without).',
        params: PlaybackParams,
        querystring: Type.Object({ episodeId: Type.Optional(Type.String({ maxLength: 100 })) }),
        // WebVTT when it works; a failure is the JSON error envelope like everywhere else.
        response: {
          200: { description: 'WebVTT', content: { 'text/vtt': { schema: Type.String() } } },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const chapters = await titleChapters(
        ctx,
        request.params.titleId,
        request.query.episodeId,
        request.maturity,
      );
      return reply
        .header('content-type', 'text/vtt; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(chaptersVtt(chapters));
    },
  );
};
