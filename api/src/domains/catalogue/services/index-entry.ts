/** One title as the in-memory search index keeps it (search-index.ts), sorted by title-orders.ts. */
export interface IndexEntry {
  seq: number;
  id: string;
  type: 'movie' | 'series';
  name: string;
  nameSort: string;
  year: number;
  releaseDate: string;
  rating: number;
  maturity: string;
  premium: boolean;
  runtimeMinutes: number;
  popularity: number;
  language: string;
  genreIds: string[];
  genreNames: string[];
  productionCountries: string[];
  /** null = streamable everywhere. */
  availableIn: Set<string> | null;
}
