import { isRedirect, loggedInRoutes, loggedOutRoutes } from '../routing/route-tables';
import { routeTitle } from './route-titles';

type I18n = Parameters<typeof routeTitle>[0];

describe('route titles', () => {
  test('every screen of both route tables has its title as a message (never English left)', () => {
    // An i18n that answers the message's id shows which titles went through the catalogs.
    const ids = { _: (d: { id: string }) => d.id } as unknown as I18n;
    const titles = [...loggedInRoutes, ...loggedOutRoutes]
      .filter((r) => !isRedirect(r))
      .map((r) => (r as { title: string }).title);
    expect(titles.length).toBeGreaterThan(20);
    const untranslated = titles.filter((t) => !routeTitle(ids, t).startsWith('shell.'));
    expect(untranslated).toEqual([]);
  });
});
