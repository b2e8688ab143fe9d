import { Type, type Static } from 'typebox';
import { Id, Nullable } from '../../../lib/common-schemas';

export const RatingValue = Type.Union(
  [Type.Literal('not-for-me'), Type.Literal('like'), Type.Literal('love')],
  { title: 'RatingValue' },
);
export type RatingValue = Static<typeof RatingValue>;

export const RatingParams = Type.Object({ movieId: Id });
export const RatingBody = Type.Object({
  rating: Nullable(RatingValue),
});
export const RatingResult = Type.Object({ titleId: Type.String(), rating: Nullable(RatingValue) });
export const RatingList = Type.Object(
  { ratings: Type.Array(Type.Object({ titleId: Type.String(), rating: RatingValue })) },
  { title: 'RatingList' },
);

export const ContinueWatchingParams = Type.Object({ movieId: Id });
export const WatchedBody = Type.Object({
  watched: Type.Boolean({
    description: 'true: finished (a series: every episode); false: never started.',
  }),
});
