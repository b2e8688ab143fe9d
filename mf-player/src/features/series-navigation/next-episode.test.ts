import {
  nextEpisodeOf,
  nextEpisodeOverlayStart,
  planNextEpisode,
  previousEpisodeOf,
  type SeasonLite,
} from './next-episode';

const ep = (season: number, n: number) => ({
  id: `e-${season}-${n}`,
  seasonId: `s-${season}`,
  seasonNumber: season,
  number: n,
  name: `Episode ${n}`,
});
// Deliberately out of order: the API's order must not matter.
const seasons: SeasonLite[] = [
  { id: 's-2', number: 2, episodes: [ep(2, 2), ep(2, 1)] },
  { id: 's-1', number: 1, episodes: [ep(1, 1), ep(1, 2), ep(1, 3)] },
];

describe('next and previous episode', () => {
  it('steps within a season', () => {
    expect(nextEpisodeOf(seasons, 'e-1-1')?.id).toBe('e-1-2');
    expect(previousEpisodeOf(seasons, 'e-1-2')?.id).toBe('e-1-1');
  });
  it('after the last episode of a season comes the first of the next season', () => {
    expect(nextEpisodeOf(seasons, 'e-1-3')?.id).toBe('e-2-1');
    expect(previousEpisodeOf(seasons, 'e-2-1')?.id).toBe('e-1-3');
  });
  it('has nothing after the finale or before the pilot', () => {
    expect(nextEpisodeOf(seasons, 'e-2-2')).toBeNull();
    expect(previousEpisodeOf(seasons, 'e-1-1')).toBeNull();
    expect(nextEpisodeOf(seasons, 'unknown')).toBeNull();
  });
});

describe('next-episode overlay', () => {
  const base = { hasNext: true, duration: 100, creditsStart: 90, autoplay: true, cancelled: false };
  it('appears at the credits, or 15 s before the end without a marker', () => {
    expect(nextEpisodeOverlayStart(100, 90)).toBe(90);
    expect(nextEpisodeOverlayStart(100, null)).toBe(85);
    expect(planNextEpisode({ ...base, position: 89 })).toEqual({ kind: 'none' });
    expect(planNextEpisode({ ...base, position: 90 })).toEqual({ kind: 'countdown', seconds: 10 });
  });
  it('only prompts when autoplay is off or the countdown was cancelled', () => {
    expect(planNextEpisode({ ...base, position: 95, autoplay: false })).toEqual({ kind: 'prompt' });
    expect(planNextEpisode({ ...base, position: 95, cancelled: true })).toEqual({ kind: 'prompt' });
  });
  it('never appears after the finale', () => {
    expect(planNextEpisode({ ...base, position: 99, hasNext: false })).toEqual({ kind: 'none' });
  });
});
