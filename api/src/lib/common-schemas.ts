/**
 * Shared response shapes. A `title` names a schema: the contract generator turns
 * each titled schema into one exported TypeScript type.
 */
import { Type, type Static, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorEnvelope = Type.Object(
  {
    status: Type.Literal(false),
    message: Type.String({ description: 'What went wrong, written for the viewer.' }),
    errors: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: Type.String(),
          description: 'Per-field problems, keyed by field name.',
        },
      ),
    ),
  },
  { title: 'ErrorEnvelope', description: 'Every failure: HTTP 4xx/5xx with status false.' },
);

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Literal(true), message: Type.String(), data });

export const MessageOnly = Type.Object({ status: Type.Literal(true), message: Type.String() });

/** Responses for a route: the success body plus the error envelope for every failure code. */
export const replies = <T extends TSchema>(data: T, code: 200 | 201 | 202 = 200) =>
  ({
    [code]: Envelope(data),
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  }) as {
    200: ReturnType<typeof Envelope<T>>;
    '4xx': typeof ErrorEnvelope;
    '5xx': typeof ErrorEnvelope;
  };

export const Id = Type.String({ minLength: 1, maxLength: 100 });
export const IdParams = Type.Object({ id: Id });
export const Country = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description:
    "ISO 3166 alpha-2 country. Titles not streamable there are left out. Defaults to the signed-in user's country, else the server default (US).",
});
export const PageQuery = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10000, default: 1, description: '1-based page.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description:
        'Page size. Values above 100 are clamped to 100; above 1000 are rejected as a mistake.',
    }),
  ),
};

export const Paging = {
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer({ description: "Matching titles in the caller's country." }),
  hasMore: Type.Boolean({ description: 'False on the last page, so clients stop paging.' }),
};

export const TitleCardProps = {
  id: Type.String(),
  type: Type.Union([Type.Literal('movie'), Type.Literal('series')]),
  name: Type.String(),
  year: Type.Integer(),
  releaseDate: Type.String({ description: 'ISO date.' }),
  rating: Type.Number({ description: '0-10.' }),
  maturity: Type.String(),
  premium: Type.Boolean({ description: 'Needs an active subscription to play.' }),
  runtimeMinutes: Type.Integer({ description: 'Movies: length. Series: typical episode length.' }),
  genres: Type.Array(Type.String(), { description: 'Genre names.' }),
  posterUrl: Type.String(),
  backdropUrl: Type.String(),
};
export const TitleCard = Type.Object(TitleCardProps, {
  title: 'TitleCard',
  description: 'What a card on a rail or grid needs.',
});

export const Progress = Type.Object(
  {
    position: Type.Number({ description: 'Seconds watched.' }),
    duration: Type.Number({ description: 'Seconds.' }),
    percent: Type.Number({ description: '0-100.' }),
    completed: Type.Boolean(),
    updatedAt: Type.String(),
  },
  { title: 'Progress' },
);

export const EpisodeRef = Type.Object(
  {
    id: Type.String(),
    seasonId: Type.String(),
    seasonNumber: Type.Integer(),
    number: Type.Integer(),
    name: Type.String(),
  },
  { title: 'EpisodeRef' },
);

export const RailItem = Type.Object(
  {
    ...TitleCardProps,
    progress: Type.Optional(Progress),
    episode: Type.Optional(
      Type.Union([EpisodeRef, Type.Null()], {
        description: 'Series in continue watching: the episode to play next.',
      }),
    ),
  },
  { title: 'RailItem' },
);

export const NotificationSettings = Type.Object(
  {
    newReleases: Type.Boolean(),
    recommendations: Type.Boolean(),
    accountActivity: Type.Boolean(),
    marketingEmails: Type.Boolean(),
    push: Type.Boolean(),
  },
  { title: 'NotificationSettings' },
);

export const SubscriptionSummary = Type.Object(
  {
    id: Type.String(),
    planId: Type.String(),
    planName: Type.String(),
    status: Type.Union([
      Type.Literal('incomplete'),
      Type.Literal('active'),
      Type.Literal('past_due'),
      Type.Literal('canceled'),
    ]),
    provider: Type.Union([Type.Literal('local'), Type.Literal('stripe')]),
    currentPeriodEnd: Nullable(Type.String()),
    cancelAtPeriodEnd: Type.Boolean(),
    canceledAt: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { title: 'SubscriptionSummary' },
);

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    avatarUrl: Nullable(Type.String()),
    country: Type.String(),
    language: Type.String(),
    emailVerified: Type.Boolean({
      description: 'Unverified users may sign in; the app shows a banner.',
    }),
    genres: Type.Array(Type.String(), { description: 'Preferred genre ids.' }),
    notificationSettings: NotificationSettings,
    isPremium: Type.Boolean({ description: 'Has an active subscription now.' }),
    plan: Nullable(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          tier: Type.Union([Type.Literal('basic'), Type.Literal('premium')]),
        },
        { title: 'UserPlan', description: 'The plan the viewer is entitled to now, if any.' },
      ),
    ),
    hasPassword: Type.Boolean({ description: 'False for social-login-only accounts.' }),
    createdAt: Type.String(),
  },
  { title: 'User' },
);

export const Tokens = Type.Object(
  {
    access: Type.String({ description: 'JWT (HS256), 15 minutes. Send as Authorization: Bearer.' }),
    refresh: Type.String({
      description:
        'Opaque, single use: each refresh returns a new one. Reusing an old one signs the session out.',
    }),
  },
  { title: 'Tokens' },
);

export const AuthResult = Type.Object({ tokens: Tokens, user: User }, { title: 'AuthResult' });

export const PlanTier = Type.Union([Type.Literal('basic'), Type.Literal('premium')], {
  description: 'Plan family: the monthly/yearly switch groups by it.',
});

export const Plan = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    priceCents: Type.Integer(),
    currency: Type.String(),
    interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
    features: Type.Array(Type.String()),
    maxQuality: Type.String(),
    tier: PlanTier,
  },
  { title: 'Plan' },
);

export const PaymentMethodSummary = Type.Object(
  {
    brand: Type.String(),
    last4: Type.String(),
    expMonth: Nullable(Type.Integer()),
    expYear: Nullable(Type.Integer()),
  },
  {
    title: 'PaymentMethodSummary',
    description: 'The card on file (from the last successful payment).',
  },
);

export const ScheduledPlanChange = Type.Object(
  {
    planId: Type.String(),
    planName: Type.String(),
    effectiveAt: Type.String({
      description: 'When the new plan takes over (the current period end).',
    }),
  },
  { title: 'ScheduledPlanChange', description: 'A downgrade waiting for the period end.' },
);

export const CheckoutNextAction = Type.Union(
  [
    Type.Object({ type: Type.Literal('local_challenge'), challengeId: Type.String() }),
    Type.Object({ type: Type.Literal('stripe_sca'), clientSecret: Type.String() }),
    Type.Null(),
  ],
  {
    title: 'CheckoutNextAction',
    description:
      'null: done. local_challenge: the test gateway asks the viewer to approve or fail (POST /payments/checkout/confirm). ' +
      'stripe_sca: pass clientSecret to Stripe.js handleNextAction, then confirm.',
  },
);

export const Payment = Type.Object(
  {
    id: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
    cardBrand: Nullable(Type.String()),
    cardLast4: Nullable(Type.String()),
    failureMessage: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { title: 'Payment' },
);

export const Notification = Type.Object(
  {
    id: Type.String(),
    kind: Type.String({ description: 'account | new-release | recommendation | billing' }),
    title: Type.String(),
    body: Type.String(),
    link: Nullable(Type.String({ description: 'An app path to open.' })),
    read: Type.Boolean(),
    createdAt: Type.String(),
  },
  { title: 'Notification' },
);

export type TitleCardT = Static<typeof TitleCard>;
export type UserT = Static<typeof User>;
