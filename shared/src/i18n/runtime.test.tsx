import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Trans } from '@lingui/react';
import { AppProviders } from '../app-providers';
import { defineCatalogs } from './catalogs';
import {
  chooseLanguage,
  LANGUAGE_KEY,
  preferredLanguage,
  setLanguage,
  startLanguage,
} from './language';
import { bestLanguage } from './languages';
import { useCatalogs, useI18n } from './react';
import { i18n, i18nFallbacks, resetI18nFallbacks } from './runtime';
import { pseudoMessage } from '../../../tools/i18n/icu';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { queryClient } from '../query/query-client';

const compiled = (messages: Record<string, string>) => ({
  messages: Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v)])),
});

const english = {
  'probe.title': 'My list',
  'probe.count': '{count, plural, one {# title} other {# titles}}',
  'probe.new': 'New here',
};
const catalogsByLanguage: Record<string, Record<string, string>> = {
  en: english,
  fr: {
    'probe.title': 'Ma liste',
    'probe.count': '{count, plural, one {# titre} other {# titres}}',
    // probe.new: not translated yet (a remote built with an older catalog)
  },
  'en-XA': Object.fromEntries(Object.entries(english).map(([k, v]) => [k, pseudoMessage(v)])),
};
const loads: string[] = [];
defineCatalogs('probe', async (lang) => {
  loads.push(lang);
  return compiled(catalogsByLanguage[lang] ?? {});
});

function Probe({ count }: { count: number }) {
  const i18n = useI18n();
  return (
    <div>
      <h1>{i18n._({ id: 'probe.title', message: 'My list' })}</h1>
      <p>{i18n._({ id: 'probe.count', message: english['probe.count'], values: { count } })}</p>
      <p>{i18n._({ id: 'probe.new', message: 'New here' })}</p>
      <Trans id="probe.rich" message="Read <0>the terms</0>" components={{ 0: <a href="/t" /> }} />
    </div>
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
  resetI18nFallbacks();
});

test('switching the language re-renders mounted screens, with plurals, <html lang dir> and per-key English fallback', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(
    <AppProviders>
      <Probe count={3} />
    </AppProviders>,
  );
  expect(screen.getByRole('heading')).toHaveTextContent('My list');
  expect(screen.getByText('3 titles')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'the terms' })).toBeInTheDocument();

  await act(() => setLanguage('fr'));
  expect(screen.getByRole('heading')).toHaveTextContent('Ma liste');
  expect(screen.getByText('3 titres')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('lang', 'fr');
  expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  // Not translated: English, never the id; logged once and counted.
  expect(screen.getByText('New here')).toBeInTheDocument();
  expect(i18nFallbacks()).toEqual(
    expect.arrayContaining([{ workspace: 'probe', id: 'probe.new', language: 'fr' }]),
  );
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('probe.new'));
  const counted = i18nFallbacks().length;
  await act(() => setLanguage('fr'));
  expect(i18nFallbacks()).toHaveLength(counted);
  expect(loads).toEqual(expect.arrayContaining(['en', 'fr']));

  await act(() => setLanguage('he'));
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  warn.mockRestore();
});

/** A part (docs/i18n.md, "Parts"): a lazily loaded panel's own catalogs, `<workspace>:<part>`. */
const panelByLanguage: Record<string, Record<string, string>> = {
  en: { 'probe.panel.title': 'Playback stats', 'probe.panel.readOut': 'Read out' },
  fr: { 'probe.panel.title': 'Statistiques de lecture' }, // readOut: not translated yet
  es: { 'probe.panel.title': 'Estadísticas', 'probe.panel.readOut': 'Leer en voz alta' },
};

test('a part loads with its chunk in the active language (no English first), falls back per key, and switches with the language', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await act(() => setLanguage('fr'));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const panelLoads: string[] = [];
  // Declared when its chunk arrives, the language being French already (as a lazy() panel's module).
  const panel = defineCatalogs('probe:panel', async (lang) => {
    panelLoads.push(lang);
    await held;
    return compiled(panelByLanguage[lang] ?? {});
  });
  function Panel() {
    useCatalogs(panel);
    const i18n = useI18n();
    return (
      <section>
        <h2>{i18n._({ id: 'probe.panel.title', message: 'Playback stats' })}</h2>
        <button type="button">{i18n._({ id: 'probe.panel.readOut', message: 'Read out' })}</button>
      </section>
    );
  }
  await act(async () => {
    render(
      <AppProviders>
        <Suspense fallback={<p>waiting</p>}>
          <Panel />
        </Suspense>
      </AppProviders>,
    );
  });
  // Until its French catalog is in, the panel waits: neither its English nor its ids show.
  expect(screen.getByText('waiting')).toBeInTheDocument();
  expect(screen.queryByText('Playback stats')).toBeNull();
  expect(screen.queryByText('probe.panel.title')).toBeNull();
  await act(async () => {
    release();
    await panel.ready('fr');
  });
  const heading = await screen.findByRole('heading');
  expect(heading).toHaveTextContent('Statistiques de lecture');
  // Only the active language (and English, the fallback) was fetched.
  expect([...panelLoads].sort()).toEqual(['en', 'fr']);
  // Missing from the part's French catalog: English from the part's English one, logged and counted.
  expect(screen.getByRole('button')).toHaveTextContent('Read out');
  expect(i18nFallbacks()).toEqual(
    expect.arrayContaining([{ workspace: 'probe', id: 'probe.panel.readOut', language: 'fr' }]),
  );
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('probe.panel.readOut'));
  // Switching while it is mounted loads the part's Spanish too and switches it, without a remount.
  await act(() => setLanguage('es'));
  expect(panelLoads).toContain('es');
  expect(heading).toHaveTextContent('Estadísticas');
  expect(screen.getByRole('button')).toHaveTextContent('Leer en voz alta');
  warn.mockRestore();
});

test('the pseudo-locale is longer, bidi-wrapped, and keeps placeholders', async () => {
  const source = '{count, plural, one {# title} other {# titles}}';
  const pseudo = pseudoMessage(source);
  expect(pseudo.startsWith('\u202A')).toBe(true);
  expect(pseudo.endsWith('\u202C')).toBe(true);
  render(
    <AppProviders>
      <Probe count={1} />
    </AppProviders>,
  );
  await act(() => setLanguage('en-XA'));
  const heading = screen.getByRole('heading').textContent!;
  expect(heading.length).toBeGreaterThanOrEqual(Math.ceil('My list'.length * 1.3));
  expect(screen.getByText(/^\u202A⟦1 /)).toBeInTheDocument();
});

test('the order: profile, then choice, then browser (best match), then English', () => {
  expect(preferredLanguage({ profile: 'ja', choice: 'fr', browser: ['de'] })).toBe('ja');
  expect(preferredLanguage({ profile: null, choice: 'fr', browser: ['de'] })).toBe('fr');
  expect(preferredLanguage({ profile: 'xx', choice: null, browser: ['nl', 'pt-PT'] })).toBe(
    'pt-BR',
  );
  expect(preferredLanguage({ browser: ['en-US'] })).toBe('en');
  expect(preferredLanguage({})).toBe('en');
  expect(preferredLanguage({ profile: 'en', choice: 'en-XA' })).toBe('en-XA');
  expect(bestLanguage(['pt'])).toBe('pt-BR');
  expect(bestLanguage(['en-XA'])).toBe('en-XA');
});

test('a choice is remembered on the device', async () => {
  await act(() => chooseLanguage('de'));
  expect(localStorage.getItem(LANGUAGE_KEY)).toBe('"de"');
  expect(i18n.locale).toBe('de');
  await expect(chooseLanguage('xx')).rejects.toThrow('not a UI language');
});

test("a link with ?lang= is the viewer's choice", async () => {
  localStorage.clear();
  window.history.replaceState(null, '', '/movie/movie/t-0001?lang=he');
  await act(() => startLanguage());
  expect(localStorage.getItem(LANGUAGE_KEY)).toBe('"he"');
  expect(document.documentElement.dir).toBe('rtl');
  window.history.replaceState(null, '', '/');
});

test('a language change asks again for what the API wrote, but not for the playback session (it would restart the stream)', async () => {
  const title = ['GET /titles/{movieId}', { movieId: 't-1' }];
  const session = ['GET /playback/{titleId}', { titleId: 't-1' }, { isLoggedIn: false }, 'outcome'];
  queryClient.setQueryData(title, { name: 'Title' });
  queryClient.setQueryData(session, { src: '/media/s/1/master.m3u8' });
  await act(() => setLanguage('fr'));
  expect(queryClient.getQueryState(title)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(session)?.isInvalidated).toBe(false);
  queryClient.clear();
});
