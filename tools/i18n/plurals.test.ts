/**
 * The federation's i18n instance interpolates plural and select messages itself, without the new
 * Intl.NumberFormat Lingui makes for every plural (shared/src/i18n/runtime.ts, issue 36). Every
 * compiled message of every workspace (its parts included), in every language, reads exactly as Lingui reads it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { I18n, type Messages } from '@lingui/core';
import { i18n } from '../../shared/src/i18n/runtime';
import { catalogs, localesDir, LOCALES } from './catalogs';

type Token = string | [string, string?, Record<string, unknown>?];

/** Every argument a compiled message names, with whether it is a plural's. */
function argumentsOf(tokens: unknown, into = new Map<string, boolean>()) {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    into.set(name, into.get(name) || type === 'plural' || type === 'selectordinal');
    if (cases) for (const [k, v] of Object.entries(cases)) if (k !== 'offset') argumentsOf(v, into);
  }
  return into;
}

// Loaded with i18n.load, not loadMessages: the per-key fallback's warnings are not the subject here.
beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));

const counts = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1000, 1234567, 2.5];

test.each(LOCALES)('%s: every plural and select message reads as Lingui reads it', (locale) => {
  const lingui = new I18n({});
  let checked = 0;
  for (const catalog of catalogs()) {
    const file = path.join(localesDir(catalog), `${locale}.ts`);
    if (!existsSync(file)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { messages } = require(file) as { messages: Messages };
    i18n.load(locale, messages);
    lingui.load(locale, messages);
  }
  i18n.activate(locale);
  lingui.activate(locale);
  for (const [id, compiled] of Object.entries(lingui.messages)) {
    const args = argumentsOf(compiled);
    if (![...args.values()].some(Boolean) && !JSON.stringify(compiled).includes('"select"'))
      continue;
    for (const n of counts) {
      const values = Object.fromEntries(
        [...args].map(([name, plural]) => [
          name,
          plural ? n : name === 'type' ? 'series' : `‹${name}›`,
        ]),
      );
      expect([id, n, i18n._(id, values)]).toEqual([id, n, lingui._(id, values)]);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(100);
});
