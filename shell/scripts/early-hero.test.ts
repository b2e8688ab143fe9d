import { EARLY_HERO_EVENT as APP_EVENT } from '@streamflix/shared';
import { earlyHints } from './early-hints.cjs';
import { pageLoadingMarkup } from './loading-markup.cjs';
import { EARLY_HERO_EVENT } from './member-hints.cjs';

const doc = { api: 'https://api.example', remotes: {} };
const boot = { scripts: [], styles: [], httpClient: ['http-client.1.js'] };
const API = 'https://api.example/v1';
const ART = 'https://api.example/v1/artwork/t-9/backdrop.svg';
const ME = { id: 'p-1', kids: false };

interface Household {
  profiles: Array<{ id: string; kids: boolean; language?: string }>;
  current: string;
}

/**
 * A signed-in device opening `/`: the page's inline scripts run as a browser runs them, with the
 * HTML's loading screen in #root (or the app's render instead, `rendered`), and the API answering
 * the home and the household.
 */
async function open({
  profile,
  household = { profiles: [ME], current: ME.id },
  hero = { backdropUrl: ART },
  rendered = false,
  keep = false,
}: {
  profile?: object;
  household?: Household;
  hero?: object | null;
  rendered?: boolean;
  /** Keep what the test stored (a language choice) besides the session. */
  keep?: boolean;
}) {
  if (!keep) localStorage.clear();
  localStorage.setItem('token', '{"token":"access-1"}');
  localStorage.setItem('user', '{"id":"u-1"}');
  if (profile) localStorage.setItem('profile', JSON.stringify(profile));
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${rendered ? '<main>the app</main>' : pageLoadingMarkup()}</div>`;
  delete (self as { __sfEarlyHero?: unknown }).__sfEarlyHero;
  delete (self as { __sfEarlyData?: unknown }).__sfEarlyData;
  const answers: Record<string, unknown> = {
    [`${API}/users/dashboard`]: { status: true, data: { hero, rails: [] } },
    [`${API}/profiles`]: { status: true, data: household },
  };
  global.fetch = jest.fn(
    async (url: string) =>
      ({
        ok: true,
        status: 200,
        json: async () => answers[url] ?? { status: true, data: [] },
      }) as Response,
  ) as unknown as typeof fetch;
  let announced = 0;
  const count = () => (announced += 1);
  window.addEventListener(EARLY_HERO_EVENT, count);
  for (const [, script] of earlyHints(doc, '/', null, boot).matchAll(/<script>(.*?)<\/script>/g))
    new Function(script!)();
  const store = (self as { __sfEarlyData?: Record<string, { answer: Promise<unknown> }> })
    .__sfEarlyData;
  await Promise.all(Object.values(store ?? {}).map((e) => e.answer));
  for (let i = 0; i < 3; i += 1) await new Promise((r) => setTimeout(r, 0));
  window.removeEventListener(EARLY_HERO_EVENT, count);
  return {
    art: document.querySelector<HTMLImageElement>('#root .sfh-art'),
    early: (self as { __sfEarlyHero?: unknown }).__sfEarlyHero,
    announced,
  };
}

test("the HTML's event is the one the app's fallbacks listen for (shared early-hero.ts)", () => {
  expect(EARLY_HERO_EVENT).toBe(APP_EVENT);
});

test("the account's only profile: the hero's backdrop is drawn in the loading screen, in the hero's box", async () => {
  const page = await open({});
  expect(page.art?.src).toBe(ART);
  expect(page.art?.getAttribute('fetchpriority')).toBe('high');
  expect(page.art?.alt).toBe('');
  // The logo and the spinners moved where the hero's text will be, still hidden from assistive tech.
  expect(document.querySelector('.sfh-body .sfw-mark[aria-hidden="true"]')).not.toBeNull();
  expect(document.querySelector('.sfl.sfl-h[data-screen-loading]')).not.toBeNull();
  // The app's fallbacks draw the same picture (shared early-hero.ts).
  expect(page.early).toEqual({ src: ART, profileId: ME.id });
  expect(page.announced).toBe(1);
});

test("in the app's direction: right to left for a device in Arabic, where the wide screen's art is on the left", async () => {
  expect((await open({})).art!.closest('.sfh')!.getAttribute('dir')).toBe('ltr');
  const arabic = await open({ profile: { id: ME.id, name: 'A', kids: false, language: 'ar' } });
  expect(arabic.art!.closest('.sfh')!.getAttribute('dir')).toBe('rtl');
  // The profile's own language (the household's answer) comes before the device's choice, as in
  // the app once the gate has chosen the profile: no stored profile yet, a device set to Arabic.
  localStorage.setItem('language', '"ar"');
  const english = { profiles: [{ ...ME, language: 'en' }], current: ME.id };
  expect(
    (await open({ household: english, keep: true })).art!.closest('.sfh')!.getAttribute('dir'),
  ).toBe('ltr');
  const hebrew = { profiles: [{ ...ME, language: 'he' }], current: ME.id };
  expect((await open({ household: hebrew })).art!.closest('.sfh')!.getAttribute('dir')).toBe('rtl');
});

test('the profile this device remembers, when the session watches as it', async () => {
  const other = { id: 'p-2', kids: false };
  const page = await open({
    profile: { id: 'p-2', name: 'B', kids: false },
    household: { profiles: [ME, other], current: 'p-2' },
  });
  expect(page.art?.src).toBe(ART);
  expect(page.early).toEqual({ src: ART, profileId: 'p-2' });
});

test('nothing drawn where the home will not show that hero', async () => {
  const two = { profiles: [ME, { id: 'p-2', kids: false }], current: ME.id };
  const cases = [
    // Several profiles, none chosen on this device: "Who's watching?" comes first.
    { household: two },
    // The device remembers another profile than the session's: the gate switches, the home reloads.
    { profile: { id: 'p-2', name: 'B', kids: false }, household: two },
    // A kids profile's home has no hero.
    { household: { profiles: [{ id: 'k-1', kids: true }], current: 'k-1' } },
    { profile: { id: 'k-1', name: 'K', kids: true } },
    // No hero, or not an http(s) address.
    { hero: null },
    { hero: { backdropUrl: 'javascript:alert(1)' } },
  ];
  for (const c of cases) {
    const page = await open(c);
    expect([c, page.art, page.early, page.announced]).toEqual([c, null, undefined, 0]);
  }
});

test("the app already rendered: nothing is added to it, and the app's fallbacks are told", async () => {
  const page = await open({ rendered: true });
  expect(page.art).toBeNull();
  expect(document.querySelector('#root')!.innerHTML).toBe('<main>the app</main>');
  expect(page.early).toEqual({ src: ART, profileId: ME.id });
  expect(page.announced).toBe(1);
});

test('a bad answer from the household leaves the plain loading screen', async () => {
  localStorage.clear();
  const page = await open({ household: { profiles: 'oops', current: 1 } as unknown as Household });
  expect(page.art).toBeNull();
  expect(document.querySelector('#root .sfl:not(.sfl-h) .sfw-mark')).not.toBeNull();
});
