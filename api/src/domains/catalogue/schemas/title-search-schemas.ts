import { Type } from 'typebox';
import { Country, PageQuery } from '../../../lib/common-schemas';

export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Search text.' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Alias of q.' })),
  country: Type.Optional(Country),
  type: Type.Optional(Type.Union([Type.Literal('movie'), Type.Literal('series')])),
  genre: Type.Optional(Type.String({ maxLength: 60 })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  ...PageQuery,
});
