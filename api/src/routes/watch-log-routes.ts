import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import { replies } from '../schemas/common-schemas';
import { WatchLogBody, WatchLogParams, WatchLogResult } from '../schemas/watch-log-schemas';
import { recordWatchProgress } from '../services/watch-history';

export const watchLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/titles/createLog/:id',
    {
      schema: {
        tags: ['playback'],
        summary: 'Record watch progress (movies and episodes)',
        security: bearerSecurity,
        description:
          'Send every ~10 s while playing and on pause/exit. Series need episodeId. A log counts as completed when ' +
          'completed is true, the credits have started, or 95% is watched; finished titles leave continue watching.',
        params: WatchLogParams,
        body: WatchLogBody,
        response: replies(WatchLogResult),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const data = await recordWatchProgress(ctx.db, auth.userId, request.params.id, request.body);
      return {
        status: true as const,
        message: data.progress.completed ? 'Marked as watched.' : 'Progress saved.',
        data,
      };
    },
  );
};
