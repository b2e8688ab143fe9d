import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BOOT_FAILURE_SCRIPT,
  BOOT_MESSAGE_IDS,
  bootFailureTag,
  bootWords,
} from './boot-failure.cjs';

function page(rootHtml = '<div class="sfl" data-screen-loading>…</div>') {
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  // The inline script, run as the browser runs it.
  new Function(BOOT_FAILURE_SCRIPT)();
}

function failScript(src: string) {
  const s = document.createElement('script');
  s.src = src;
  document.head.append(s);
  s.dispatchEvent(new Event('error'));
}

const root = () => document.getElementById('root')!;

afterEach(() => {
  delete (self as { __sfBootFailed?: unknown }).__sfBootFailed;
  document.head.innerHTML = '';
  localStorage.clear();
});

/** The app's languages (shared/src/i18n/languages.json, as boot-failure.cjs reads them). */
const languages = JSON.parse(
  readFileSync(
    path.join(path.dirname(require.resolve('@streamflix/shared')), 'i18n/languages.json'),
    'utf8',
  ),
) as { languages: { code: string }[] };

/** The screen shown after the entry failed, on a device with `storage` (raw localStorage values). */
function failedScreen(storage: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  page();
  failScript('http://localhost/main.0a1b2c3d.js');
  return root().querySelector<HTMLElement>('main[role="alert"]')!;
}

test("the shell's entry failing to download replaces the loading screen with the reason and a focused Retry", () => {
  page();
  failScript('http://localhost/main.0a1b2c3d.js');
  const alert = root().querySelector('main[role="alert"]')!;
  expect(alert).not.toBeNull();
  expect(root().querySelector('[data-screen-loading]')).toBeNull();
  expect(alert.querySelector('h1')!.textContent).toBe('Streamflix could not start');
  expect(alert.textContent).toMatch(/Check your connection/);
  const retry = alert.querySelector('button')!;
  expect(retry.textContent).toBe('Retry');
  expect(document.activeElement).toBe(retry);
});

test("another script's error (a remote's, an analytics one) changes nothing", () => {
  page();
  failScript('http://localhost:3001/remoteEntry.js');
  failScript('http://localhost/main.js.map');
  failScript('http://localhost/bootstrap.0a1b.js');
  expect(root().querySelector('[role="alert"]')).toBeNull();
  expect(root().querySelector('[data-screen-loading]')).not.toBeNull();
});

test('the shell entry calls it when its bootstrap cannot be fetched; twice shows one message', () => {
  page();
  const failed = (self as { __sfBootFailed?: () => void }).__sfBootFailed!;
  failed();
  failed();
  expect(root().querySelectorAll('[role="alert"]')).toHaveLength(1);
});

test('the tag is one inline script that cannot be closed early', () => {
  const tag = bootFailureTag();
  expect(tag.startsWith('<script>')).toBe(true);
  expect(tag.match(/<\/script>/g)).toHaveLength(1);
});

describe("in the viewer's language", () => {
  test('a device set to Arabic shows the Arabic words, right to left, its Retry focused', () => {
    const alert = failedScreen({ language: JSON.stringify('ar') });
    expect(alert.lang).toBe('ar');
    expect(alert.dir).toBe('rtl');
    expect(alert.querySelector('h1')!.textContent).toBe('تعذّر تشغيل Streamflix');
    expect(document.activeElement).toBe(alert.querySelector('button'));
    expect(alert.querySelector('button')!.textContent).toBe('إعادة المحاولة');
  });

  test("the profile's language comes before the device's choice, as in the app", () => {
    const alert = failedScreen({
      language: JSON.stringify('fr'),
      profile: JSON.stringify({ id: 'p1', language: 'ja' }),
    });
    expect(alert.lang).toBe('ja');
    expect(alert.dir).toBe('ltr');
    expect(alert.querySelector('h1')!.textContent).toBe('Streamflix を起動できませんでした');
  });

  test("with nothing chosen, the browser's language (a regional variant matches its language)", () => {
    const spy = jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    try {
      const alert = failedScreen();
      expect(alert.lang).toBe('de');
      expect(alert.querySelector('button')!.textContent).toBe('Erneut versuchen');
    } finally {
      spy.mockRestore();
    }
  });

  test('unreadable storage or a language the app does not have shows English', () => {
    const alert = failedScreen({ language: '{not json', profile: '[' });
    expect(alert.lang).toBe('en');
    expect(alert.querySelector('h1')!.textContent).toBe('Streamflix could not start');
    document.getElementById('root')!.removeAttribute('data-boot-failed');
    localStorage.setItem('language', JSON.stringify('xx-YY'));
    (self as unknown as { __sfBootFailed: () => void }).__sfBootFailed();
    expect(root().querySelector<HTMLElement>('main[role="alert"]')!.lang).toBe('en');
  });

  test('every language of the app has its own three words, from the catalogs', () => {
    const table = bootWords();
    expect(Object.keys(table).sort()).toEqual(languages.languages.map((l) => l.code).sort());
    for (const [code, words] of Object.entries(table)) {
      expect(words).toHaveLength(BOOT_MESSAGE_IDS.length);
      if (code !== 'en') expect(words).not.toEqual(table.en);
    }
  });

  test('a catalog without one of the words leaves its language in English', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'boot-words-'));
    const real = path.join(__dirname, '../src/locales');
    for (const code of ['en', 'fr'])
      writeFileSync(path.join(dir, `${code}.ts`), readFileSync(path.join(real, `${code}.ts`)));
    writeFileSync(
      path.join(dir, 'es.ts'),
      `export const messages = JSON.parse(${JSON.stringify(JSON.stringify({ 'shell.boot.title': ['Hola'] }))});\n`,
    );
    writeFileSync(path.join(dir, 'de.ts'), 'not a catalog');
    expect(Object.keys(bootWords(dir)).sort()).toEqual(['en', 'fr']);
  });
});
