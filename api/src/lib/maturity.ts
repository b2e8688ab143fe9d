import { HttpError } from './http-errors';

/**
 * Maturity levels: a profile's ceiling is one of them, and a title is at the level of its rating.
 * The kids levels are the ones a kids profile may have (G / PG / TV-Y7 / TV-G and below).
 */
export const MATURITY_LEVELS = [
  { level: 1, id: 'little-kids', label: 'Little kids', ratings: ['G', 'TV-Y', 'TV-G'] },
  { level: 2, id: 'older-kids', label: 'Older kids', ratings: ['PG', 'TV-Y7'] },
  { level: 3, id: 'teens', label: 'Teens', ratings: ['PG-13', 'TV-PG', 'TV-14'] },
  { level: 4, id: 'all', label: 'All maturity ratings', ratings: ['R', 'NC-17', 'TV-MA'] },
] as const;

export type MaturityId = (typeof MATURITY_LEVELS)[number]['id'];
export const ALL_LEVELS = 4;
export const KIDS_MAX_LEVEL = 2;

const levelOfRating = new Map<string, number>(
  MATURITY_LEVELS.flatMap((m) => m.ratings.map((r) => [r, m.level] as const)),
);

/** A rating the table does not know counts as adult: an unrated title never reaches a child. */
export const ratingLevel = (rating: string): number => levelOfRating.get(rating) ?? ALL_LEVELS;

export const levelOfId = (id: string): number | undefined =>
  MATURITY_LEVELS.find((m) => m.id === id)?.level;

export const idOfLevel = (level: number): MaturityId =>
  (MATURITY_LEVELS.find((m) => m.level === level) ?? MATURITY_LEVELS[3]).id;

/** Whether a title rated `rating` may be shown to a profile whose ceiling is `ceiling` (no ceiling: a guest). */
export const allowedFor = (rating: string, ceiling: number | undefined): boolean =>
  ceiling === undefined || ceiling >= ALL_LEVELS || ratingLevel(rating) <= ceiling;

/** 403 for a title above the viewer's ceiling (errors.entitlement = "maturity_ceiling", as playback answers). */
export const aboveCeiling = (rating: string) =>
  new HttpError(403, `This title is rated ${rating}, above this profile's maturity limit.`, {
    entitlement: 'maturity_ceiling',
    maturity: rating,
  });
