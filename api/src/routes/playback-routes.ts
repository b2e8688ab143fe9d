import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { urlsFor } from '../lib/urls';
import { requireSelf } from '../plugins/auth';
import { replies } from '../schemas/common-schemas';
import { PlaybackParams, PlaybackQuery, PlaybackSession } from '../schemas/playback-schemas';
import { startPlayback } from '../services/playback';

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
        params: PlaybackParams,
        querystring: PlaybackQuery,
        response: replies(PlaybackSession),
      },
    },
    async (request) => {
      if (request.query.userId && request.auth) requireSelf(request, request.query.userId);
      const data = await startPlayback(
        ctx,
        {
          titleId: request.params.titleId,
          episodeId: request.query.episodeId,
          country: request.query.country,
          userId: request.auth?.userId,
        },
        urlsFor(request, ctx.config.publicUrl),
      );
      return { status: true as const, message: 'Enjoy the show.', data };
    },
  );
};
