/**
 * The playback domain: playback sessions, chapters, media state and the generated HLS media. Its
 * plugin offers the media state to the other domains (`app.media`) and registers its routes, the
 * media files at the root.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALL_LEVELS, levelOfId } from '../../lib/maturity';
import { registerRoutes } from '../../lib/define-routes';
import type { PlaybackContext } from './playback-context';
import { mediaRoutes } from './routes/media-routes';
import { chapterRoutes, playbackRoutes } from './routes/playback-routes';
import { watchLogRoutes } from './routes/watch-log-routes';
import type { MediaState } from './services/media-state';
import { MediaAccess } from './services/media-access';
import { endLeases } from './services/stream-leases';

export { MediaState } from './services/media-state';
export { ensureMedia, listMedia, stopMediaGeneration } from './media/media-library';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaState;
  }
}

export interface PlaybackOptions {
  /** What media exists (server.ts fills it in as generation progresses; the catalogue reads it too). */
  media: MediaState;
}

export const playback = fp(
  async (app: FastifyInstance, options: PlaybackOptions) => {
    const base = {
      ...app.ctx,
      media: options.media,
      billing: app.billing,
      catalogue: app.catalogue,
    };
    const guestCeiling = levelOfId(app.ctx.config.guestMaturity ?? 'all') ?? ALL_LEVELS;
    const ctx: PlaybackContext = { ...base, mediaAccess: new MediaAccess(base, guestCeiling) };
    app.decorate('media', ctx.media);
    // A session that ends (logout, logout-all, account deletion) ends its stream: the next playlist or
    // segment request is refused. Other instances see it within MediaAccess's cached second.
    const stop = app.tokens.onRevoke(async (sessionIds) => {
      await endLeases(ctx, sessionIds);
      ctx.mediaAccess.forget();
    });
    app.addHook('onClose', async () => stop());
    await registerRoutes(app, ctx, {
      v1: [watchLogRoutes, playbackRoutes, chapterRoutes],
      root: [mediaRoutes],
    });
  },
  { name: 'playback', dependencies: ['billing', 'catalogue'] },
);
