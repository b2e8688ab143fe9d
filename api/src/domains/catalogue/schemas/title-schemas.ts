import { Type } from 'typebox';
import { Country, Id } from '../../../lib/common-schemas';

export const TitleParams = Type.Object({ movieId: Id });
export const TitleQuery = Type.Object({
  country: Type.Optional(Country),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
});
