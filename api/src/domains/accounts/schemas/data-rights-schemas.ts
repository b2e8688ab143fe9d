import { Type, type Static } from 'typebox';
import { Nullable } from '../../../lib/common-schemas';
import { HouseholdProfile } from './household-schemas';

/*
 * The viewer's copy of their data (GDPR articles 15 and 20). Every object lists its fields: the response
 * is serialised from these schemas, so a column selected by mistake (a hash, a token) can't reach the file.
 */

const When = Type.String({ description: 'ISO-8601 UTC.' });
const TitleRef = {
  titleId: Type.String(),
  title: Nullable(Type.String({ description: 'Null when the title has left the catalogue.' })),
};

const ExportEpisode = Type.Object({
  id: Type.String(),
  season: Nullable(Type.Integer()),
  number: Nullable(Type.Integer()),
  name: Nullable(Type.String()),
});

const ExportAccount = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  country: Type.String(),
  language: Type.String(),
  avatarUrl: Nullable(Type.String()),
  createdAt: When,
  emailVerified: Type.Boolean(),
  emailVerifiedAt: Nullable(When),
  signIn: Type.Union([Type.Literal('password'), Type.Literal('social'), Type.Literal('both')], {
    description: 'How the account signs in: a password, Google/Apple/Facebook, or either.',
  }),
  notificationSettings: Type.Object({
    newReleases: Type.Boolean(),
    recommendations: Type.Boolean(),
    accountActivity: Type.Boolean(),
    marketingEmails: Type.Boolean(),
    push: Type.Boolean(),
  }),
});

const ExportProfile = Type.Object({
  ...HouseholdProfile.properties,
  createdAt: When,
  notificationSettings: Type.Object({
    newReleases: Type.Boolean(),
    recommendations: Type.Boolean(),
  }),
  myList: Type.Array(Type.Object({ ...TitleRef, addedAt: When })),
  ratings: Type.Array(
    Type.Object({
      ...TitleRef,
      rating: Type.Union([Type.Literal('not-for-me'), Type.Literal('like'), Type.Literal('love')]),
      updatedAt: When,
    }),
  ),
  watchHistory: Type.Array(
    Type.Object({
      ...TitleRef,
      episode: Nullable(ExportEpisode),
      position: Type.Number({ description: 'Seconds watched.' }),
      duration: Type.Number({ description: 'Seconds.' }),
      completed: Type.Boolean(),
      hiddenFromContinueWatching: Type.Boolean(),
      updatedAt: When,
    }),
  ),
  genres: Type.Array(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
});

export const DataExport = Type.Object(
  {
    format: Type.Literal('streamflix-data-export'),
    version: Type.Literal(1),
    exportedAt: When,
    account: ExportAccount,
    profiles: Type.Array(ExportProfile),
    subscriptions: Type.Array(
      Type.Object({
        id: Type.String(),
        planId: Type.String(),
        planName: Nullable(Type.String()),
        status: Type.String(),
        provider: Type.String({ description: 'stripe, or local (test mode).' }),
        currentPeriodEnd: Nullable(When),
        cancelAtPeriodEnd: Type.Boolean(),
        canceledAt: Nullable(When),
        createdAt: When,
      }),
    ),
    payments: Type.Array(
      Type.Object({
        id: Type.String(),
        subscriptionId: Type.String(),
        amountCents: Type.Integer(),
        currency: Type.String(),
        status: Type.String(),
        cardBrand: Nullable(Type.String()),
        cardLast4: Nullable(Type.String()),
        failureMessage: Nullable(Type.String()),
        createdAt: When,
      }),
    ),
    notifications: Type.Array(
      Type.Object({
        kind: Type.String(),
        title: Type.String(),
        body: Type.String(),
        link: Nullable(Type.String()),
        readAt: Nullable(When),
        createdAt: When,
      }),
    ),
    helpMessages: Type.Array(
      Type.Object({
        author: Type.String({ description: 'viewer, or support for replies.' }),
        body: Type.String(),
        page: Nullable(Type.String()),
        createdAt: When,
      }),
    ),
    problemReports: Type.Array(
      Type.Object({
        kind: Type.String(),
        message: Type.String(),
        titleId: Nullable(Type.String()),
        episodeId: Nullable(Type.String()),
        userAgent: Nullable(Type.String()),
        createdAt: When,
      }),
    ),
    devices: Type.Array(
      Type.Object({
        userAgent: Nullable(Type.String()),
        ip: Nullable(Type.String({ description: 'The address the device signed in from.' })),
        createdAt: When,
        lastUsedAt: When,
        revokedAt: Nullable(When),
        revokedReason: Nullable(Type.String()),
        current: Type.Boolean({ description: 'The device that asked for this copy.' }),
      }),
      { description: 'Sign-ins (sessions), newest first.' },
    ),
    marketingSignUps: Type.Array(Type.Object({ type: Type.String(), createdAt: When })),
  },
  {
    title: 'DataExport',
    description:
      'Everything Streamflix keeps about the account and its profiles. Secrets (password and PIN hashes, tokens, codes) are never included.',
  },
);
export type DataExport = Static<typeof DataExport>;

export const DeleteAccountBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({ maxLength: 200, description: "The account's password." }),
    ),
    email: Type.Optional(
      Type.String({
        maxLength: 254,
        description:
          'Accounts without a password (Google, Apple or Facebook sign-in): the account email, typed to confirm.',
      }),
    ),
  },
  { title: 'DeleteAccountBody' },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const ExportBody = Type.Object(
  {
    password: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The account's password: a copy holding PIN-locked profiles needs it.",
    }),
  },
  { title: 'ExportBody' },
);
