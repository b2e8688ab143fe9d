import { Type, type Static } from 'typebox';
import { TitleCard } from '../../../lib/common-schemas';

export const FavouriteBody = Type.Object({
  titleId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const FavouritePatch = Type.Object({
  ...FavouriteBody.properties,
  action: Type.Optional(Type.Union([Type.Literal('remove'), Type.Literal('toggle')])),
});

export const FavouriteList = Type.Object({
  titles: Type.Array(Type.Object({ ...TitleCard.properties, addedAt: Type.String() })),
  total: Type.Integer(),
});
export type FavouriteList = Static<typeof FavouriteList>;
export const FavouriteChange = Type.Object({
  ...FavouriteList.properties,
  inMyList: Type.Boolean(),
});
