import { IdParams } from '../../../lib/common-schemas';
import { ChangePasswordBody } from '../schemas/password-schemas';
import { changePassword } from '../services/password-change';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

export const passwordRoutes = defineRoutes<AccountsContext>(['users'], (route, ctx) => {
  // The spec's dotted spelling is part of the contract: one schema and handler for both.
  for (const url of ['/users/changePassword/:id', '/users/changePassword.:id']) {
    route.post(url, {
      summary: 'Change the password',
      description: 'Needs the current password. Every other session is signed out; this one stays.',
      access: 'self',
      kidsProfile: 'refused',
      params: IdParams,
      body: ChangePasswordBody,
      handler: async (request, auth) => {
        await changePassword(ctx, auth, request.body);
        return { message: 'Password changed. Other devices were signed out.' };
      },
    });
  }
});
