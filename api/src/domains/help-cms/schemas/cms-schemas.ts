import { Type, type Static } from 'typebox';

export const PolicyPage = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    updatedAt: Type.String(),
    sections: Type.Array(Type.Object({ heading: Type.String(), body: Type.String() })),
  },
  { title: 'PolicyPage' },
);

export const MarketingBody = Type.Object({
  type: Type.Union(
    [
      Type.Literal('newsletter'),
      Type.Literal('new-releases'),
      Type.Literal('offers'),
      Type.Literal('launch'),
    ],
    {
      description: 'What the visitor signs up for.',
    },
  ),
  email: Type.String({ format: 'email', maxLength: 254 }),
});
export type MarketingBody = Static<typeof MarketingBody>;

export const LogReportBody = Type.Object({
  kind: Type.Union([
    Type.Literal('playback-error'),
    Type.Literal('report-problem'),
    Type.Literal('client-error'),
    Type.Literal('other'),
  ]),
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  titleId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  episodeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  details: Type.Optional(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'Free-form context (player state, URL, error code); at most 8 KB.',
      },
    ),
  ),
});
export type LogReportBody = Static<typeof LogReportBody>;
