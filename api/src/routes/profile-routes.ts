import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, tooManyRequests } from '../lib/http-errors';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import { IdParams, User, replies } from '../schemas/common-schemas';
import { AvatarResult, ProfilePatch } from '../schemas/profile-schemas';
import { reencodeAvatar } from '../services/avatars';
import { replaceAvatar, updateProfile } from '../services/profile';
import { loadUserView } from '../services/users';

const tags = ['users'];

/** The viewer's own profile and profile picture. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');

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
        body: ProfilePatch,
        response: replies(User),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      await updateProfile(ctx.db, uploadsDir, request.params.id, request.body);
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
        response: replies(AvatarResult),
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
      const avatarUrl = await replaceAvatar(ctx.db, uploadsDir, auth.userId, image);
      return {
        status: true as const,
        message: 'Profile picture updated.',
        data: { avatarUrl, user: await loadUserView(ctx.db, ctx.billing, auth.userId) },
      };
    },
  );
};
