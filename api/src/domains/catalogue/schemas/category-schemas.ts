import { Type } from 'typebox';
import { Country, PageQuery } from '../../../lib/common-schemas';

export const CategoryParams = Type.Object({
  catName: Type.String({ minLength: 1, maxLength: 80 }),
});
export const CategoryQuery = Type.Object({ country: Type.Optional(Country), ...PageQuery });
