import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, notFound, tooManyRequests } from '../lib/http-errors';
import { nowIso } from '../lib/ids';
import { urlsFor } from '../lib/urls';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import {
  Country,
  ErrorEnvelope,
  IdParams,
  MessageOnly,
  NotificationSettings,
  Payment,
  PaymentMethodSummary,
  Plan,
  ScheduledPlanChange,
  SubscriptionSummary,
  TitleCard,
  User,
  replies,
} from '../schemas/common-schemas';
import { deleteAvatar, reencodeAvatar, storeAvatar } from '../services/avatars';
import { assertStrongPassword } from '../services/password-policy';
import { hashPassword, verifyPassword } from '../services/passwords';
import { loadUserView } from '../services/users';
import { NewPassword } from './auth-routes';
import { IdempotencyKey, planView, paymentView, subscriptionView } from './payment-routes';

const tags = ['users'];

const GenresBody = Type.Object({
  genres: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
    maxItems: 30,
    description: 'Genre ids, slugs or names; replaces the current set. An empty list clears it.',
  }),
});

const FavouriteBody = Type.Object({ titleId: Type.String({ minLength: 1, maxLength: 100 }) });

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/genres',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All genres',
        response: replies(
          Type.Array(
            Type.Object(
              { id: Type.String(), name: Type.String(), slug: Type.String() },
              { title: 'Genre' },
            ),
          ),
        ),
      },
    },
    async () => ({ status: true as const, message: 'Genres.', data: ctx.ref.genres }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "A user's profile (own account only)",
        security: bearerSecurity,
        params: IdParams,
        response: replies(User),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return {
        status: true as const,
        message: 'Profile.',
        data: await loadUserView(ctx.db, ctx.billing, request.params.id),
      };
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Update the profile',
        security: bearerSecurity,
        params: IdParams,
        description: 'Only the fields sent change. The email address cannot be changed here.',
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
            country: Type.Optional(Country),
            language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })),
            avatarUrl: Type.Optional(
              Type.Union([Type.Null()], {
                description: 'null removes the avatar; upload one with /users/uploadImages.',
              }),
            ),
          },
          { minProperties: 1 },
        ),
        response: replies(User),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const { name, country, language, avatarUrl } = request.body;
      if (name !== undefined && !name.trim())
        throw badRequest('Your name cannot be empty.', { name: 'is required' });
      const previous =
        avatarUrl === null
          ? await ctx.db
              .selectFrom('users')
              .select('avatar_url')
              .where('id', '=', request.params.id)
              .executeTakeFirst()
          : undefined;
      await ctx.db
        .updateTable('users')
        .set({
          ...(name !== undefined ? { name: name.trim() } : {}),
          ...(country ? { country: country.toUpperCase() } : {}),
          ...(language ? { language } : {}),
          ...(avatarUrl === null ? { avatar_url: null } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', request.params.id)
        .execute();
      if (previous)
        await deleteAvatar(
          path.join(ctx.config.dataDir, 'uploads'),
          request.params.id,
          previous.avatar_url,
        );
      return {
        status: true as const,
        message: 'Profile updated.',
        data: await loadUserView(ctx.db, ctx.billing, request.params.id),
      };
    },
  );

  app.post(
    '/users/uploadImages',
    {
      schema: {
        tags,
        summary: 'Upload a profile picture',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data with one file field (any name, e.g. "image"): JPEG, PNG or WebP, at most 2 MB and ' +
          '8000×8000 pixels. The picture is decoded and re-encoded as a 512×512 WebP (anything else in the file is dropped); ' +
          'the previous one is deleted. 10 uploads per hour. avatarUrl is a path on this API (resolve it against the API origin).',
        response: replies(Type.Object({ avatarUrl: Type.String(), user: User })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('Choose an image to upload.', { image: 'is required' });
      const wait = await ctx.limits.uploads.retryAfter(auth.userId);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have changed your picture many times in a short while. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        );
      const image = await reencodeAvatar(await file.toBuffer());
      await ctx.limits.uploads.hit(auth.userId);
      const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
      const avatarUrl = await storeAvatar(uploadsDir, auth.userId, image);
      const previous = await ctx.db
        .selectFrom('users')
        .select('avatar_url')
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('users')
        .set({ avatar_url: avatarUrl, updated_at: nowIso() })
        .where('id', '=', auth.userId)
        .execute();
      await deleteAvatar(uploadsDir, auth.userId, previous.avatar_url);
      return {
        status: true as const,
        message: 'Profile picture updated.',
        data: { avatarUrl, user: await loadUserView(ctx.db, ctx.billing, auth.userId) },
      };
    },
  );

  const changePassword = {
    schema: {
      tags,
      summary: 'Change the password',
      security: bearerSecurity,
      params: IdParams,
      description: 'Needs the current password. Every other session is signed out; this one stays.',
      body: Type.Object({
        currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
        newPassword: NewPassword,
      }),
      response: { 200: MessageOnly, '4xx': ErrorEnvelope },
    },
  };
  const changePasswordHandler = async (request: any) => {
    const auth = requireSelf(request, request.params.id);
    const user = await ctx.db
      .selectFrom('users')
      .select(['password_hash', 'email', 'name'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    if (!user.password_hash)
      throw badRequest('This account signs in with Google, Apple or Facebook and has no password.');
    if (!(await verifyPassword(request.body.currentPassword, user.password_hash))) {
      throw badRequest('Your current password is incorrect.', { currentPassword: 'is incorrect' });
    }
    if (request.body.currentPassword === request.body.newPassword) {
      throw badRequest('Choose a password different from the current one.', {
        newPassword: 'is unchanged',
      });
    }
    assertStrongPassword(request.body.newPassword, user, 'newPassword');
    await ctx.db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(request.body.newPassword, ctx.config.scryptLog2N),
        updated_at: nowIso(),
      })
      .where('id', '=', auth.userId)
      .execute();
    await ctx.tokens.revokeAllSessions(auth.userId, 'password-change', auth.sessionId);
    await ctx.notifier.notify(auth.userId, {
      kind: 'account',
      title: 'Password changed',
      body: 'Your password was changed and your other devices were signed out.',
    });
    return { status: true as const, message: 'Password changed. Other devices were signed out.' };
  };
  app.post('/users/changePassword/:id', changePassword, changePasswordHandler);
  // The spec's dotted spelling is part of the contract; same handler.
  app.post('/users/changePassword.:id', changePassword, changePasswordHandler);

  const uploadGenre = {
    schema: {
      tags,
      summary: 'Set preferred genres (replaces the set)',
      security: bearerSecurity,
      params: IdParams,
      body: GenresBody,
      response: replies(Type.Object({ genres: Type.Array(Type.String()) })),
    },
  };
  const uploadGenreHandler = async (request: any) => {
    const auth = requireSelf(request, request.params.id);
    const ids = [
      ...new Set(
        (request.body.genres as string[]).map((ref) => {
          const genre = ctx.ref.findGenre(ref);
          if (!genre)
            throw badRequest(`Unknown genre "${ref}".`, { genres: `Unknown genre "${ref}".` });
          return genre.id;
        }),
      ),
    ];
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_genres').where('user_id', '=', auth.userId).execute();
      if (ids.length)
        await trx
          .insertInto('user_genres')
          .values(ids.map((genre_id) => ({ user_id: auth.userId, genre_id })))
          .execute();
    });
    return { status: true as const, message: 'Your genres are saved.', data: { genres: ids } };
  };
  app.post('/users/uploadGenre/:id', uploadGenre, uploadGenreHandler);
  app.put('/users/uploadGenre/:id', uploadGenre, uploadGenreHandler);

  app.patch(
    '/users/notificationSettings/:id',
    {
      schema: {
        tags,
        summary: 'Change notification settings',
        security: bearerSecurity,
        params: IdParams,
        description:
          'Only the fields sent change. fcmToken registers this browser for FCM push (null unregisters).',
        body: Type.Object({
          newReleases: Type.Optional(Type.Boolean()),
          recommendations: Type.Optional(Type.Boolean()),
          accountActivity: Type.Optional(Type.Boolean()),
          marketingEmails: Type.Optional(Type.Boolean()),
          push: Type.Optional(Type.Boolean()),
          fcmToken: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
        }),
        response: replies(NotificationSettings),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const b = request.body;
      const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
      const set = Object.fromEntries(
        Object.entries({
          notify_new_releases: flag(b.newReleases),
          notify_recommendations: flag(b.recommendations),
          notify_account: flag(b.accountActivity),
          notify_marketing_email: flag(b.marketingEmails),
          notify_push: flag(b.push),
          fcm_token: b.fcmToken,
        }).filter(([, v]) => v !== undefined),
      );
      await ctx.db
        .updateTable('users')
        .set({ ...set, updated_at: nowIso() })
        .where('id', '=', request.params.id)
        .execute();
      const user = await loadUserView(ctx.db, ctx.billing, request.params.id);
      return {
        status: true as const,
        message: 'Notification settings saved.',
        data: user.notificationSettings,
      };
    },
  );

  const FavouriteList = Type.Object({
    titles: Type.Array(Type.Object({ ...TitleCard.properties, addedAt: Type.String() })),
    total: Type.Integer(),
  });
  const listFavourites = async (userId: string, request: any) => {
    const rows = await ctx.db
      .selectFrom('favourites')
      .select(['title_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
    const cards = ctx.catalogue.cardsByIds(
      rows.map((r) => r.title_id),
      urlsFor(request, ctx.config.publicUrl),
    );
    const titles = rows.flatMap((r) => {
      const card = cards.get(r.title_id);
      return card ? [{ ...card, addedAt: r.created_at }] : [];
    });
    return { titles, total: titles.length };
  };

  app.get(
    '/users/favourite/:id',
    {
      schema: {
        tags: ['my-list'],
        summary: 'My list, newest first',
        security: bearerSecurity,
        params: IdParams,
        response: replies(FavouriteList),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return {
        status: true as const,
        message: 'My list.',
        data: await listFavourites(request.params.id, request),
      };
    },
  );

  app.post(
    '/users/favourite/:id',
    {
      schema: {
        tags: ['my-list'],
        summary: 'Add a title to my list',
        security: bearerSecurity,
        params: IdParams,
        body: FavouriteBody,
        description: 'Idempotent: adding a title twice keeps one entry. Returns the updated list.',
        response: replies(Type.Object({ ...FavouriteList.properties, inMyList: Type.Boolean() })),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const title = await ctx.db
        .selectFrom('titles')
        .select('id')
        .where('id', '=', request.body.titleId)
        .executeTakeFirst();
      if (!title) throw notFound('That title does not exist.');
      const exists = await ctx.db
        .selectFrom('favourites')
        .select('title_id')
        .where('user_id', '=', request.params.id)
        .where('title_id', '=', title.id)
        .executeTakeFirst();
      if (!exists)
        await ctx.db
          .insertInto('favourites')
          .values({ user_id: request.params.id, title_id: title.id, created_at: nowIso() })
          .execute();
      return {
        status: true as const,
        message: 'Added to My List.',
        data: { ...(await listFavourites(request.params.id, request)), inMyList: true },
      };
    },
  );

  app.patch(
    '/users/favourite/:id',
    {
      schema: {
        tags: ['my-list'],
        summary: 'Remove a title from my list (or toggle)',
        security: bearerSecurity,
        params: IdParams,
        description:
          'Default action "remove" takes the title out (no error if absent). action "toggle" adds it when absent and removes it when present. ' +
          'data.inMyList tells the final state.',
        body: Type.Object({
          ...FavouriteBody.properties,
          action: Type.Optional(Type.Union([Type.Literal('remove'), Type.Literal('toggle')])),
        }),
        response: replies(Type.Object({ ...FavouriteList.properties, inMyList: Type.Boolean() })),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const { titleId, action = 'remove' } = request.body;
      const exists = await ctx.db
        .selectFrom('favourites')
        .select('title_id')
        .where('user_id', '=', request.params.id)
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      let inMyList = false;
      if (exists) {
        await ctx.db
          .deleteFrom('favourites')
          .where('user_id', '=', request.params.id)
          .where('title_id', '=', titleId)
          .execute();
      } else if (action === 'toggle') {
        const title = await ctx.db
          .selectFrom('titles')
          .select('id')
          .where('id', '=', titleId)
          .executeTakeFirst();
        if (!title) throw notFound('That title does not exist.');
        await ctx.db
          .insertInto('favourites')
          .values({ user_id: request.params.id, title_id: titleId, created_at: nowIso() })
          .execute();
        inMyList = true;
      }
      return {
        status: true as const,
        message: inMyList ? 'Added to My List.' : 'Removed from My List.',
        data: { ...(await listFavourites(request.params.id, request)), inMyList },
      };
    },
  );

  app.get(
    '/users/subscription/manage',
    {
      schema: {
        tags: ['billing'],
        summary: 'Current subscription, plan and payment history',
        security: bearerSecurity,
        querystring: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: replies(
          Type.Object({
            subscription: Type.Union([SubscriptionSummary, Type.Null()]),
            plan: Type.Union([Plan, Type.Null()]),
            isPremium: Type.Boolean(),
            payments: Type.Array(Payment),
            paymentMethod: Type.Union([PaymentMethodSummary, Type.Null()]),
            scheduledChange: Type.Union([ScheduledPlanChange, Type.Null()]),
            paymentMode: Type.Union([Type.Literal('local'), Type.Literal('stripe')], {
              description: '"local" is the offline test gateway: show "test mode".',
            }),
          }),
        ),
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      const sub = await ctx.billing.currentSubscription(request.query.userId);
      const plan = sub
        ? await ctx.db
            .selectFrom('plans')
            .selectAll()
            .where('id', '=', sub.plan_id)
            .executeTakeFirst()
        : undefined;
      const payments = await ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', request.query.userId)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return {
        status: true as const,
        message: sub ? 'Your subscription.' : 'You have no subscription.',
        data: {
          subscription: sub && plan ? subscriptionView(sub, plan.name) : null,
          plan: plan ? planView(plan) : null,
          isPremium: await ctx.billing.isEntitled(request.query.userId),
          payments: payments.map(paymentView),
          paymentMethod: await ctx.billing.paymentMethod(request.query.userId),
          scheduledChange: sub ? await ctx.billing.scheduledChange(sub) : null,
          paymentMode: ctx.billing.gateway.mode,
        },
      };
    },
  );

  app.post(
    '/users/cancel-web-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel the web subscription',
        security: bearerSecurity,
        description:
          'By default the subscription stays active until the end of the paid period, then ends. immediately: true ends it now.',
        body: Type.Optional(
          Type.Object({
            userId: Type.Optional(Type.String({ maxLength: 100 })),
            immediately: Type.Optional(Type.Boolean()),
          }),
        ),
        response: replies(Type.Object({ subscription: SubscriptionSummary })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const sub = await ctx.billing.cancel(auth.userId, request.body?.immediately ?? false);
      const plan = await ctx.db
        .selectFrom('plans')
        .select('name')
        .where('id', '=', sub.plan_id)
        .executeTakeFirst();
      return {
        status: true as const,
        message:
          sub.status === 'canceled'
            ? 'Your subscription has ended.'
            : `Your subscription will end on ${sub.current_period_end?.slice(0, 10)}.`,
        data: { subscription: subscriptionView(sub, plan?.name ?? sub.plan_id) },
      };
    },
  );

  app.post(
    '/users/resume-web-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Undo a cancel-at-period-end before the period ends',
        security: bearerSecurity,
        body: Type.Optional(
          Type.Object({ userId: Type.Optional(Type.String({ maxLength: 100 })) }),
        ),
        response: replies(Type.Object({ subscription: SubscriptionSummary })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const { subscription, plan } = await ctx.billing.resume(auth.userId);
      return {
        status: true as const,
        message: `Your subscription continues and renews on ${subscription.current_period_end?.slice(0, 10)}.`,
        data: { subscription: subscriptionView(subscription, plan.name) },
      };
    },
  );

  const PlanChangePreview = Type.Object(
    {
      currentPlan: Plan,
      newPlan: Plan,
      direction: Type.Union([Type.Literal('upgrade'), Type.Literal('downgrade')]),
      amountDueNowCents: Type.Integer({
        description: 'Charged now: the prorated difference for an upgrade, 0 for a downgrade.',
      }),
      currency: Type.String(),
      nextAmountCents: Type.Integer({ description: 'What each renewal costs on the new plan.' }),
      effectiveAt: Type.String({
        description: 'Now for an upgrade; the current period end for a downgrade.',
      }),
      description: Type.String({ description: 'One sentence for the confirmation dialog.' }),
    },
    { title: 'PlanChangePreview' },
  );

  app.get(
    '/users/subscription/change-plan',
    {
      schema: {
        tags: ['billing'],
        summary: 'Preview a plan change: what is charged now and from when',
        security: bearerSecurity,
        description:
          'Upgrade (more expensive per day): the prorated difference for the rest of the period is charged now and the new plan starts now. ' +
          'Downgrade: nothing is charged now; the new plan starts at the next renewal.',
        querystring: Type.Object({ planId: Type.String({ minLength: 1, maxLength: 60 }) }),
        response: replies(PlanChangePreview),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const p = await ctx.billing.previewPlanChange(auth.userId, request.query.planId);
      return {
        status: true as const,
        message: p.description,
        data: {
          currentPlan: planView(p.currentPlan),
          newPlan: planView(p.newPlan),
          direction: p.direction,
          amountDueNowCents: p.amountDueNowCents,
          currency: p.currency,
          nextAmountCents: p.nextAmountCents,
          effectiveAt: p.effectiveAt,
          description: p.description,
        },
      };
    },
  );

  app.post(
    '/users/subscription/change-plan',
    {
      schema: {
        tags: ['billing'],
        summary: 'Change plan (upgrade now with proration, downgrade at renewal)',
        security: bearerSecurity,
        description:
          'An upgrade charges the card on file for the prorated difference (a decline answers 402 and changes nothing). ' +
          'A downgrade is scheduled for the period end. Choosing the current plan again drops a scheduled downgrade.',
        body: Type.Object({
          planId: Type.String({ minLength: 1, maxLength: 60 }),
          idempotencyKey: IdempotencyKey,
        }),
        response: replies(
          Type.Object({
            subscription: SubscriptionSummary,
            payment: Type.Union([Payment, Type.Null()]),
            scheduledChange: Type.Union([ScheduledPlanChange, Type.Null()]),
          }),
        ),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { planId, idempotencyKey } = request.body;
      return ctx.billing.replayable(
        auth.userId,
        'change-plan',
        idempotencyKey,
        JSON.stringify({ planId }),
        async () => {
          const result = await ctx.billing.changePlan(auth.userId, planId, idempotencyKey);
          return {
            status: true as const,
            message: result.message,
            data: {
              subscription: subscriptionView(result.subscription, result.plan.name),
              payment: result.payment ? paymentView(result.payment) : null,
              scheduledChange: await ctx.billing.scheduledChange(result.subscription),
            },
          };
        },
      );
    },
  );
};
