import { urlsFor } from '../lib/urls';
import { requireSelf } from '../plugins/auth';
import { PlaybackParams, PlaybackQuery, PlaybackSession } from '../schemas/playback-schemas';
import { startPlayback } from '../services/playback';
import { defineRoutes } from './define-routes';

export const playbackRoutes = defineRoutes(['playback'], (route, ctx) => {
  route.get('/playback/:titleId', {
    summary: 'Start playback: the stream URL after checking entitlement',
    description:
      'Free titles play for everyone, guests included. Premium titles need a signed-in viewer (401) with an active ' +
      'subscription (403, errors.entitlement = "subscription_required"). Not streamable in the caller\'s country: 403 ' +
      '(errors.entitlement = "not_available_in_country"). Media still being generated on first start: 503 with Retry-After. ' +
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
        },
        urlsFor(request, ctx.config.publicUrl),
      );
      return { message: 'Enjoy the show.', data };
    },
  });
});
