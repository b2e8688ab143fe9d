import { useDeferredValue } from 'react';

/** Cards of a grid rendered with the answer itself: a phone's first screen and some. */
export const FIRST_CARDS = 6;

/**
 * How many of `count` items to render: the first `first` with the update that brought them,
 * the rest in a deferred render. A deferred render is time-sliced (React yields to the browser
 * every few milliseconds), where the update that delivers a query's data is not: a grid of
 * two dozen cards rendered at once was one long task on a phone (Lighthouse total blocking time).
 */
export function useProgressiveCount(count: number, first = FIRST_CARDS): number {
  const deferred = useDeferredValue(count);
  return Math.min(count, Math.max(first, deferred));
}
