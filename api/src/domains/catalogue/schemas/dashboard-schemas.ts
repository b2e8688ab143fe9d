import { Type, type Static } from 'typebox';
import { Country } from '../../../lib/common-schemas';

export const DashboardBody = Type.Optional(
  Type.Object({
    country: Type.Optional(Type.Union([Country, Type.Null()])),
    userId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    genres: Type.Optional(
      Type.Array(Type.String({ maxLength: 60 }), {
        maxItems: 10,
        description: 'Guests: genres picked on the interest screen.',
      }),
    ),
  }),
);
export type DashboardBody = Static<typeof DashboardBody>;
