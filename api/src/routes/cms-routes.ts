import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LogReportBody, MarketingBody, PolicyPage } from '../schemas/cms-schemas';
import { MessageOnly, ErrorEnvelope, replies } from '../schemas/common-schemas';
import { PRIVACY_POLICY, TERMS } from '../services/cms-content';
import { recordLogReport, signUpForMarketing } from '../services/public-submissions';

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
        body: MarketingBody,
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      await signUpForMarketing(ctx.db, request.body);
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
        body: LogReportBody,
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
      const id = await recordLogReport(
        ctx.db,
        request.auth?.userId ?? null,
        request.headers['user-agent'],
        request.body,
      );
      reply.status(202);
      return { status: true as const, message: 'Thanks, we got your report.', data: { id } };
    },
  );
};
