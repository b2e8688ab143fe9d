import { Type } from 'typebox';
import { Country, Paging } from '../../../lib/common-schemas';

/** The most ids one page of the title index carries: a sitemap file of the shell's host holds one page. */
export const MAX_INDEX_PAGE = 10_000;

export const TitleIndexQuery = Type.Object({
  country: Type.Optional(Country),
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: '1-based page.' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_INDEX_PAGE,
      default: 1000,
      description: `Ids per page, at most ${MAX_INDEX_PAGE}.`,
    }),
  ),
});

export const TitleIndexPage = Type.Object(
  {
    titles: Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.Union([Type.Literal('movie'), Type.Literal('series')]),
      }),
    ),
    ...Paging,
    country: Type.String(),
  },
  {
    title: 'TitleIndexPage',
    description:
      'Every title a guest in the country may open, in a stable order (the catalogue load order), paged.',
  },
);
