import { UNDER_CEILING } from './ceiling-check.cjs';
import { titleFallback } from './title-head.cjs';

const under = (stored: Record<string, string>) =>
  new Function('localStorage', `return ${UNDER_CEILING}`)({
    getItem: (k: string) => stored[k] ?? null,
  }) as boolean;

test('a device is under a ceiling with a kids profile, any ceiling but all, a kids lock, or unreadable values', () => {
  expect(under({})).toBe(false);
  expect(under({ profile: '{"id":"p","name":"Ana","kids":false,"maturity":"all"}' })).toBe(false);
  expect(under({ profile: '{"id":"p","name":"Ana","kids":false}' })).toBe(false);
  expect(under({ profile: '{"id":"p","name":"Sam","kids":true,"maturity":"little-kids"}' })).toBe(
    true,
  );
  expect(under({ profile: '{"id":"p","name":"Teen","kids":false,"maturity":"teens"}' })).toBe(true);
  expect(under({ kidsLock: '{"token":"t","profileName":"Sam"}' })).toBe(true);
  expect(under({ profile: '{oops' })).toBe(true);
  expect(under({ profile: '{"id":"p"}' })).toBe(true);
});

test("a title page's fallback (name, synopsis) and tab name are hidden at once under a ceiling; a bot without script reads them", () => {
  const shown = (stored: Record<string, string>) => {
    const root = document.createElement('div');
    root.innerHTML = titleFallback({
      id: 't-1',
      type: 'movie',
      name: 'The Heist',
      year: 2024,
      genres: ['Thriller'],
      maturity: 'R',
      synopsis: 'A job goes wrong.',
    });
    const main = root.querySelector('main')!;
    const script = root.querySelector('script')!;
    const doc = { currentScript: script, title: 'The Heist (2024) | Streamflix' };
    new Function('document', 'localStorage', script.textContent!)(doc, {
      getItem: (k: string) => stored[k] ?? null,
    });
    const loading = root.querySelector<HTMLElement>('.sfl[data-screen-loading]')!;
    return {
      text: main.textContent,
      hidden: main.hidden,
      loading: !loading.hidden,
      tab: doc.title,
    };
  };
  expect(shown({})).toEqual({
    text: 'The Heist2024 · Thriller · RA job goes wrong.',
    hidden: false,
    loading: false,
    tab: 'The Heist (2024) | Streamflix',
  });
  // Under a ceiling the loading screen shows instead, and the tab does not name the title either.
  expect(shown({ profile: '{"id":"p","name":"Sam","kids":true}' })).toMatchObject({
    hidden: true,
    loading: true,
    tab: 'Streamflix',
  });
  expect(shown({ kidsLock: '{"token":"t","profileName":"Sam"}' })).toMatchObject({
    hidden: true,
    loading: true,
    tab: 'Streamflix',
  });
});
