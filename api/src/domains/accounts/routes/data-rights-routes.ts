import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../../lib/auth-tokens';
import { HttpError } from '../../../lib/http-errors';
import { DataExport, DeleteAccountBody, ExportBody } from '../schemas/data-rights-schemas';
import { checkAccountPassword, lockedProfilesOtherThan } from '../services/households';
import { deleteAccount, RECENT_SIGN_IN_MINUTES } from '../services/account-deletion';
import { exportAccountData, exportFileName } from '../services/data-export';

/** The viewer's data rights: a copy of everything the account holds, and deleting the account. */
export const dataRightsRoutes = defineRoutes<AccountsContext>(['account'], (route, ctx) => {
  const exportFor = async (
    auth: AuthContext,
    reply: FastifyReply,
    password: string | undefined,
  ): Promise<{ message: string; data: DataExport }> => {
    // A PIN keeps a profile's lists and history from the rest of the household: a copy holding
    // them asks for the account password, as switching into them would ask for the PIN.
    const locked = await lockedProfilesOtherThan(ctx.db, auth);
    if (locked.length > 0) {
      const names = locked.map((p) => p.name).join(', ');
      if (!password)
        throw new HttpError(
          403,
          `This copy includes PIN-locked profiles (${names}). Enter the account password to download it.`,
          { password: 'is required', profiles: names },
        );
      await checkAccountPassword(ctx, auth.userId, password);
    }
    // Each copy reads every row the account has: a handful an hour is what a person needs.
    await ctx.limits.exports.take(
      auth.userId,
      (minutes) =>
        `You have downloaded your data several times in the last hour. Try again in ${minutes} minute(s).`,
    );
    const data = await exportAccountData(ctx.db, auth);
    reply
      .header('content-disposition', `attachment; filename="${exportFileName(data.exportedAt)}"`)
      .header('cache-control', 'no-store');
    return {
      message: `Your data, with the profiles ${data.profiles.map((p) => p.name).join(', ')}.`,
      data,
    };
  };
  const exportDescription =
    'Everything the account and its profiles hold, as JSON (GDPR access and portability): the envelope’s data is ' +
    'the archive, sent with Content-Disposition: attachment; filename="streamflix-data-<date>.json"; its profiles ' +
    'are every profile it includes. Password and PIN hashes, tokens and codes are never included. 5 copies per ' +
    'account per hour (429 with Retry-After). When another profile than the caller’s is PIN-locked, the copy needs ' +
    'the account password (POST with { password }; without it 403, errors.password = "is required", ' +
    'errors.profiles = the locked profiles’ names).';

  route.get('/account/export', {
    summary: 'Download a copy of your data',
    description: exportDescription,
    access: 'signed-in',
    kidsProfile: 'refused',
    reply: DataExport,
    handler: async (_request, auth, reply) => exportFor(auth, reply, undefined),
  });

  route.post('/account/export', {
    summary: 'Download a copy of your data, confirmed with the account password',
    description: exportDescription,
    access: 'signed-in',
    kidsProfile: 'refused',
    body: ExportBody,
    reply: DataExport,
    handler: async (request, auth, reply) => exportFor(auth, reply, request.body.password),
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
