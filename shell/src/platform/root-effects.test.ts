import { pageTitleFor } from './root-effects';

it('titles the root page view "Home Page" (spec §2) and other routes by their screen', () => {
  expect(pageTitleFor('/', false)).toBe('Home Page');
  expect(pageTitleFor('/', true)).toBe('Home Page');
  expect(pageTitleFor('/explore', true)).toBe('Explore');
  expect(pageTitleFor('/debug/analytics', false)).toBe('Analytics events');
});
