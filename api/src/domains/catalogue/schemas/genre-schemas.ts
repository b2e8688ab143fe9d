import { Type } from 'typebox';

export const Genre = Type.Object(
  { id: Type.String(), name: Type.String(), slug: Type.String() },
  { title: 'Genre' },
);

export const GenresBody = Type.Object({
  genres: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
    maxItems: 30,
    description: 'Genre ids, slugs or names; replaces the current set. An empty list clears it.',
  }),
});
export const GenresResult = Type.Object({ genres: Type.Array(Type.String()) });
