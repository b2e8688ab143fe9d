import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, requireSelf } from '../plugins/auth';
import { ErrorEnvelope, IdParams, MessageOnly } from '../schemas/common-schemas';
import { ChangePasswordBody } from '../schemas/password-schemas';
import { changePassword } from '../services/password-change';

export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  const schema = {
    tags: ['users'],
    summary: 'Change the password',
    security: bearerSecurity,
    params: IdParams,
    description: 'Needs the current password. Every other session is signed out; this one stays.',
    body: ChangePasswordBody,
    response: { 200: MessageOnly, '4xx': ErrorEnvelope },
  };
  // The spec's dotted spelling is part of the contract: one schema and handler for both.
  for (const url of ['/users/changePassword/:id', '/users/changePassword.:id']) {
    app.post(url, { schema }, async (request) => {
      const auth = requireSelf(request, request.params.id);
      await changePassword(ctx, auth, request.body);
      return { status: true as const, message: 'Password changed. Other devices were signed out.' };
    });
  }
};
