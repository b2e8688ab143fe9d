import { Type } from 'typebox';
import { LogReportBody, MarketingBody, PolicyPage } from '../schemas/cms-schemas';
import { replies } from '../../../lib/common-schemas';
import { PRIVACY_POLICY, TERMS } from '../services/cms-content';
import { recordLogReport, signUpForMarketing } from '../services/public-submissions';
import { defineRoutes } from '../../../lib/define-routes';
import type { HelpCmsContext } from '../help-cms-context';

export const cmsRoutes = defineRoutes<HelpCmsContext>(['cms'], (route, ctx) => {
  route.get('/cms/privacy-policy', {
    summary: 'The privacy policy',
    reply: PolicyPage,
    handler: async () => ({ message: PRIVACY_POLICY.title, data: PRIVACY_POLICY }),
  });

  route.get('/cms/terms', {
    summary: 'The terms and conditions',
    reply: PolicyPage,
    handler: async () => ({ message: TERMS.title, data: TERMS }),
  });

  route.post('/cms/marketing', {
    summary: 'Sign up for marketing emails',
    description: 'Idempotent per (email, type).',
    config: { publicWrite: true },
    body: MarketingBody,
    handler: async (request) => {
      await signUpForMarketing(ctx.db, request.body);
      return { message: "Thanks! You're on the list." };
    },
  });

  route.post('/log-report', {
    tags: ['playback'],
    summary: 'Report a problem or a client-side error',
    description:
      'The spec\'s "log-report" call, at POST /v1/log-report. Viewers report playback problems ("report a problem" on ' +
      'the player) and the apps send client errors. Guests may report; the bearer, when present, attributes the report.',
    config: { publicWrite: true },
    body: LogReportBody,
    reply: Type.Object({ id: Type.String() }),
    status: 202,
    response: {
      ...replies(Type.Object({ id: Type.String() })),
      202: Type.Object({
        status: Type.Literal(true),
        message: Type.String(),
        data: Type.Object({ id: Type.String() }),
      }),
    },
    handler: async (request, auth) => {
      const id = await recordLogReport(
        ctx.db,
        auth?.userId ?? null,
        request.headers['user-agent'],
        request.body,
      );
      return { message: 'Thanks, we got your report.', data: { id } };
    },
  });
});
