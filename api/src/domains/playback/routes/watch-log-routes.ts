import { WatchLogBody, WatchLogParams, WatchLogResult } from '../../catalogue';
import { recordWatchProgress } from '../../catalogue';
import { defineRoutes } from '../../../lib/define-routes';
import type { PlaybackContext } from '../playback-context';
import { renewScreen } from '../services/stream-leases';

export const watchLogRoutes = defineRoutes<PlaybackContext>(['playback'], (route, ctx) => {
  route.post('/titles/createLog/:id', {
    summary: 'Record watch progress (movies and episodes)',
    description:
      'Send every ~10 s while playing and on pause/exit. Series need episodeId. A log counts as completed when ' +
      'completed is true, the credits have started, or 95% is watched; finished titles leave continue watching. ' +
      "Each report is also the player's heartbeat: it keeps this device's screen, and a device whose screen " +
      'another device took while it was paused gets 409 (errors.entitlement = "too_many_streams", naming who is ' +
      'watching) after its progress is saved; its media addresses stop working too.',
    access: 'signed-in',
    params: WatchLogParams,
    body: WatchLogBody,
    reply: WatchLogResult,
    handler: async (request, auth) => {
      const data = await recordWatchProgress(
        ctx.db,
        auth.profileId,
        request.params.id,
        request.body,
        auth.maturity,
      );
      await renewScreen(ctx, auth, request.params.id);
      return {
        message: data.progress.completed ? 'Marked as watched.' : 'Progress saved.',
        data,
      };
    },
  });
});
