import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { newId, nowIso } from '../lib/ids';
import { MessageOnly, ErrorEnvelope, replies } from '../schemas/common-schemas';
import { normaliseEmail } from '../services/users';

const PolicyPage = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    updatedAt: Type.String(),
    sections: Type.Array(Type.Object({ heading: Type.String(), body: Type.String() })),
  },
  { title: 'PolicyPage' },
);

const PRIVACY_POLICY = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  updatedAt: '2025-01-15',
  sections: [
    {
      heading: 'What we collect',
      body: 'Your name, email address, country, language, the genres you pick, what you watch and how far, your list, and payment records (never full card numbers).',
    },
    {
      heading: 'Why',
      body: 'To run your account, resume playback, personalise your home screen, bill your subscription and keep the service secure.',
    },
    {
      heading: 'Analytics and replays',
      body: 'We use web analytics and, for a sample of sessions, session replay to find bugs. Inputs such as passwords and card fields are never recorded.',
    },
    {
      heading: 'Sharing',
      body: 'Payment data goes to our card processor; we do not sell personal data.',
    },
    {
      heading: 'Retention',
      body: 'Watch history is kept while your account exists. Deleting your account removes your personal data within 30 days, except records the law requires us to keep.',
    },
    {
      heading: 'Your rights',
      body: 'You can see, correct, export or delete your data and change notification and marketing choices at any time from your profile.',
    },
    { heading: 'Contact', body: 'privacy@streamflix.example' },
  ],
};

const TERMS = {
  slug: 'terms',
  title: 'Terms and Conditions',
  updatedAt: '2025-01-15',
  sections: [
    {
      heading: 'The service',
      body: 'StreamFlix lets you watch free titles and, with a subscription, premium titles, for personal, non-commercial use.',
    },
    {
      heading: 'Subscriptions',
      body: 'Subscriptions renew each period until cancelled. Cancelling keeps premium access until the end of the paid period.',
    },
    { heading: 'Availability', body: 'Titles vary by country and may leave the catalogue.' },
  ],
};

export const cmsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/cms/privacy-policy',
    {
      schema: { tags: ['cms'], summary: 'The privacy policy', response: replies(PolicyPage) },
    },
    async () => ({ status: true as const, message: PRIVACY_POLICY.title, data: PRIVACY_POLICY }),
  );

  app.get(
    '/cms/terms',
    {
      schema: { tags: ['cms'], summary: 'The terms and conditions', response: replies(PolicyPage) },
    },
    async () => ({ status: true as const, message: TERMS.title, data: TERMS }),
  );

  app.post(
    '/cms/marketing',
    {
      config: { publicWrite: true },
      schema: {
        tags: ['cms'],
        summary: 'Sign up for marketing emails',
        description: 'Idempotent per (email, type).',
        body: Type.Object({
          type: Type.Union(
            [
              Type.Literal('newsletter'),
              Type.Literal('new-releases'),
              Type.Literal('offers'),
              Type.Literal('launch'),
            ],
            {
              description: 'What the visitor signs up for.',
            },
          ),
          email: Type.String({ format: 'email', maxLength: 254 }),
        }),
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await ctx.db
        .insertInto('marketing_signups')
        .values({ email, type: request.body.type, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['email', 'type']).doNothing())
        .execute();
      return { status: true as const, message: "Thanks! You're on the list." };
    },
  );

  app.post(
    '/log-report',
    {
      config: { publicWrite: true },
      schema: {
        tags: ['playback'],
        summary: 'Report a problem or a client-side error',
        description:
          'The spec\'s "log-report" call, at POST /v1/log-report. Viewers report playback problems ("report a problem" on ' +
          'the player) and the apps send client errors. Guests may report; the bearer, when present, attributes the report.',
        body: Type.Object({
          kind: Type.Union([
            Type.Literal('playback-error'),
            Type.Literal('report-problem'),
            Type.Literal('client-error'),
            Type.Literal('other'),
          ]),
          message: Type.String({ minLength: 1, maxLength: 2000 }),
          titleId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          episodeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          details: Type.Optional(
            Type.Object(
              {},
              {
                additionalProperties: true,
                description: 'Free-form context (player state, URL, error code); at most 8 KB.',
              },
            ),
          ),
        }),
        response: {
          ...replies(Type.Object({ id: Type.String() })),
          202: Type.Object({
            status: Type.Literal(true),
            message: Type.String(),
            data: Type.Object({ id: Type.String() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const details = request.body.details
        ? JSON.stringify(request.body.details).slice(0, 8192)
        : null;
      const id = newId('rep');
      await ctx.db
        .insertInto('log_reports')
        .values({
          id,
          user_id: request.auth?.userId ?? null,
          kind: request.body.kind,
          message: request.body.message,
          title_id: request.body.titleId ?? null,
          episode_id: request.body.episodeId ?? null,
          details_json: details,
          user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
          created_at: nowIso(),
        })
        .execute();
      reply.status(202);
      return { status: true as const, message: 'Thanks, we got your report.', data: { id } };
    },
  );
};
