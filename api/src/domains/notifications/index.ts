/**
 * The notifications domain: inbox, push, streams and tickets. Its plugin builds the push hub and the
 * notifier, offers them to the other domains (`app.push`, `app.notifier`) and registers its routes.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoutes } from '../../lib/define-routes';
import type { NotificationsContext } from './notifications-context';
import { notificationRoutes } from './routes/notification-routes';
import { Notifier } from './services/notifier';
import { FcmSender, PushHub } from './services/push';

export { type Notifier } from './services/notifier';
export { type PushHub } from './services/push';
export { type PushMessage } from './services/push-message';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHub;
    notifier: Notifier;
  }
}

export const notifications = fp(
  async (app: FastifyInstance) => {
    const { config, cluster, db, log } = app.ctx;
    const push = new PushHub(
      config.fcmServiceAccountFile
        ? new FcmSender(config.fcmServiceAccountFile, log, config.appUrl)
        : null,
      cluster,
      log,
    );
    const ctx: NotificationsContext = {
      ...app.ctx,
      tokens: app.tokens,
      push,
      notifier: new Notifier(db, push),
    };
    app.decorate('push', ctx.push);
    app.decorate('notifier', ctx.notifier);
    await registerRoutes(app, ctx, { v1: [notificationRoutes] });
  },
  { name: 'notifications' },
);
