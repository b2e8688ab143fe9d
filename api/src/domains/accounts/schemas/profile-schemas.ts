import { Type, type Static } from 'typebox';
import { Country, User } from '../../../lib/common-schemas';

export const ProfilePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    country: Type.Optional(Country),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    avatarUrl: Type.Optional(
      Type.Union([Type.Null()], {
        description: 'null removes the avatar; upload one with /users/uploadImages.',
      }),
    ),
  },
  { minProperties: 1 },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

export const AvatarResult = Type.Object({ avatarUrl: Type.String(), user: User });
