import { Type, type Static } from 'typebox';
import { Nullable } from '../../../lib/common-schemas';

const Maturity = Type.Union(
  [
    Type.Literal('little-kids'),
    Type.Literal('older-kids'),
    Type.Literal('teens'),
    Type.Literal('all'),
  ],
  {
    description:
      'The maturity ceiling: little-kids (G, TV-Y, TV-G), older-kids (+ PG, TV-Y7), teens (+ PG-13, TV-PG, TV-14), all (+ R, NC-17, TV-MA).',
  },
);
const Password = Type.String({
  minLength: 1,
  maxLength: 200,
  description: "The account's password.",
});
const Avatar = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'One of the avatar set (see GET /profiles), or "account" for the uploaded picture.',
});

export const HouseholdProfile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    avatar: Type.String(),
    avatarUrl: Nullable(
      Type.String({ description: 'The uploaded picture, when avatar is "account".' }),
    ),
    language: Type.String(),
    maturity: Maturity,
    maturityLabel: Type.String(),
    kids: Type.Boolean(),
    locked: Type.Boolean({ description: 'Switching into it asks for its 4-digit PIN.' }),
    primary: Type.Boolean({ description: "The account's first profile: it can't be deleted." }),
  },
  { title: 'HouseholdProfile' },
);
export type ProfileView = Static<typeof HouseholdProfile>;

export const Household = Type.Object(
  {
    profiles: Type.Array(HouseholdProfile),
    current: Type.String({ description: 'The profile this device watches as.' }),
    maxProfiles: Type.Integer(),
    avatars: Type.Array(Type.String()),
    accountAvatarUrl: Nullable(
      Type.String({
        description: 'The account\'s uploaded picture: a profile may use it (avatar "account").',
      }),
    ),
    maturityLevels: Type.Array(
      Type.Object({ id: Maturity, label: Type.String(), ratings: Type.Array(Type.String()) }),
    ),
  },
  { title: 'Household' },
);

export const ProfileInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    avatar: Type.Optional(Avatar),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    maturity: Type.Optional(Maturity),
    kids: Type.Optional(
      Type.Boolean({
        description:
          'A kids profile: at most older-kids, a simpler home, no account or checkout screens.',
      }),
    ),
    password: Password,
  },
  { title: 'HouseholdProfileInput' },
);
export type ProfileInput = Static<typeof ProfileInput>;

export const HouseholdProfilePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    avatar: Type.Optional(Avatar),
    language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    maturity: Type.Optional(Maturity),
    kids: Type.Optional(Type.Boolean()),
    password: Type.Optional(
      Type.String({ ...Password, description: 'Needed to change maturity or kids.' }),
    ),
  },
  { minProperties: 1, title: 'HouseholdProfilePatch' },
);
export type ProfilePatch = Static<typeof HouseholdProfilePatch>;

export const ProfileParams = Type.Object({
  profileId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const PasswordBody = Type.Object({ password: Password });
export const PinBody = Type.Object({
  pin: Nullable(Type.String({ pattern: '^[0-9]{4}$', description: '4 digits; null unlocks.' })),
  password: Password,
});
export const SelectProfileBody = Type.Object({
  pin: Type.Optional(Type.String({ maxLength: 4 })),
  password: Type.Optional(Password),
});
