import { requestLanguage } from '../../../plugins/language';
import path from 'node:path';
import { badRequest, tooManyRequests } from '../../../lib/http-errors';
import { IdParams, User } from '../../../lib/common-schemas';
import { AvatarResult, ProfilePatch } from '../schemas/profile-schemas';
import { reencodeAvatar } from '../services/avatars';
import { replaceAvatar, updateProfile } from '../services/profile';
import { loadUserView } from '../services/users';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

/** The viewer's own profile and profile picture. */
export const profileRoutes = defineRoutes<AccountsContext>(['users'], (route, ctx) => {
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');

  route.get('/users/:id', {
    summary: "A user's profile (own account only)",
    access: 'self',
    params: IdParams,
    reply: User,
    handler: async (request) => ({
      message: 'Profile.',
      data: await loadUserView(
        ctx.db,
        ctx.billing,
        request.params.id,
        request.auth?.profileId,
        requestLanguage(request),
      ),
    }),
  });

  route.patch('/users/:id', {
    summary: 'Update the profile',
    description: 'Only the fields sent change. The email address cannot be changed here.',
    access: 'self',
    kidsProfile: 'refused',
    params: IdParams,
    body: ProfilePatch,
    reply: User,
    handler: async (request) => {
      await updateProfile(ctx.db, uploadsDir, request.params.id, request.body);
      return {
        message: 'Profile updated.',
        data: await loadUserView(
          ctx.db,
          ctx.billing,
          request.params.id,
          request.auth?.profileId,
          requestLanguage(request),
        ),
      };
    },
  });

  route.post('/users/uploadImages', {
    summary: 'Upload a profile picture',
    description:
      'multipart/form-data with one file field (any name, e.g. "image"): JPEG, PNG or WebP, at most 2 MB and ' +
      '8000×8000 pixels. The picture is decoded and re-encoded as a 512×512 WebP (anything else in the file is dropped); ' +
      'the previous one is deleted. 10 uploads per hour. avatarUrl is a path on this API (resolve it against the API origin).',
    access: 'signed-in',
    kidsProfile: 'refused',
    consumes: ['multipart/form-data'],
    reply: AvatarResult,
    handler: async (request, auth) => {
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('Choose an image to upload.', { image: 'is required' });
      const wait = await ctx.limits.uploads.retryAfter(auth.userId);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have changed your picture many times in a short while. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          ctx.limits.uploads.label,
        );
      const image = await reencodeAvatar(await file.toBuffer());
      await ctx.limits.uploads.hit(auth.userId);
      const avatarUrl = await replaceAvatar(ctx.db, uploadsDir, auth.userId, image);
      return {
        message: 'Profile picture updated.',
        data: {
          avatarUrl,
          user: await loadUserView(ctx.db, ctx.billing, auth.userId, auth.profileId),
        },
      };
    },
  });
});
