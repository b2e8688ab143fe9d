import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { forbidden, tooManyRequests } from '../../../lib/http-errors';
import { DataExport, DeleteAccountBody } from '../schemas/data-rights-schemas';
import { deleteAccount, RECENT_SIGN_IN_MINUTES } from '../services/account-deletion';
import { exportAccountData, exportFileName } from '../services/data-export';

/** The viewer's data rights: a copy of everything the account holds, and deleting the account. */
export const dataRightsRoutes = defineRoutes<AccountsContext>(['account'], (route, ctx) => {
  route.get('/account/export', {
    summary: 'Download a copy of your data',
    description:
      'Everything the account and its profiles hold, as JSON (GDPR access and portability): the envelope’s data is ' +
      'the archive, sent with Content-Disposition: attachment; filename="streamflix-data-<date>.json". Password and ' +
      'PIN hashes, tokens and codes are never included. 5 copies per account per hour (429 with Retry-After). Not ' +
      'from a kids profile (403).',
    access: 'signed-in',
    kidsProfile: 'refused',
    reply: DataExport,
    handler: async (_request, auth, reply) => {
      if (auth.kids)
        throw forbidden('Switch to a grown-up profile to download the account’s data.');
      // Each copy reads every row the account has: a handful an hour is what a person needs.
      const wait = await ctx.limits.exports.retryAfter(auth.userId);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have downloaded your data several times in the last hour. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          ctx.limits.exports.label,
        );
      await ctx.limits.exports.hit(auth.userId);
      const data = await exportAccountData(ctx.db, auth);
      reply
        .header('content-disposition', `attachment; filename="${exportFileName(data.exportedAt)}"`)
        .header('cache-control', 'no-store');
      return { message: 'Your data.', data };
    },
  });

  route.post('/account/delete', {
    summary: 'Delete your account and personal data',
    description:
      'Needs the account password (400 without it, 403 when wrong; 5 wrong tries lock it for 15 minutes: 429). An ' +
      `account without a password (Google, Apple or Facebook) sends its email address instead, from a sign-in at most ${RECENT_SIGN_IN_MINUTES} ` +
      'minutes old (403 errors.reauthenticate otherwise). Ends the subscription at the payment provider now (502 and ' +
      'nothing deleted when the provider fails), signs out every device, erases the profiles and everything they ' +
      'hold, notifications, help messages and sign-ins, keeps payments anonymised for accounting, deletes the account ' +
      '(its email may sign up again) and emails a confirmation. Not from a kids profile (403).',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: DeleteAccountBody,
    handler: async (request, auth) => {
      await deleteAccount(ctx, auth, request.body ?? {});
      return { message: 'Your account has been deleted.' };
    },
  });
});
