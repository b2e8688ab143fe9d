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

test("a title page's fallback (name, synopsis) is hidden at once under a ceiling; a bot without script reads it", () => {
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
    new Function('document', 'localStorage', script.textContent!)(
      { currentScript: script },
      { getItem: (k: string) => stored[k] ?? null },
    );
    return { text: main.textContent, hidden: main.hidden };
  };
  expect(shown({})).toEqual({
    text: 'The Heist2024 · Thriller · RA job goes wrong.',
    hidden: false,
  });
  expect(shown({ profile: '{"id":"p","name":"Sam","kids":true}' }).hidden).toBe(true);
  expect(shown({ kidsLock: '{"token":"t","profileName":"Sam"}' }).hidden).toBe(true);
});
