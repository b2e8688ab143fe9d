import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { catalogEntryOf, localiseMessage } from './messages';

/**
 * The gate for a new untranslated API message (issue 37): every English message the API's code throws
 * (badRequest, notFound, new HttpError…) or answers in a success envelope (`message: '…'`) must be an
 * entry of the catalogs (lib/i18n/messages/en.json, `error.*` or `ok.*`; every language has every key,
 * messages.test.ts), so the viewer reads it in their language. `${…}` stands for a placeholder.
 * MACHINE lists what no viewer reads: operators', webhooks' and list labels.
 */
const SRC = path.join(__dirname, '../..');
const MACHINE = new Set([
  // A message that is a list's label, or a machine client's.
  'Notifications.',
  'Stream ticket issued.',
  'Plans.',
  'OK.',
  'Ready.',
  'Thanks.',
  'Created.',
  'Tokens refreshed.',
  'Profile.',
  'Profiles.',
  'Dashboard.',
  'Filter options.',
  'Genres.',
  'Ratings.',
  'Categories.',
  'My list.',
  'Your messages.',
  'Not ready: X.',
  'X titles.',
  'X messages.',
  'Event X.',
  'Your data, with the profiles X.',
  // Webhooks (the payment provider), the metrics scraper, the media server's byte ranges.
  'The webhook signature is missing or invalid.',
  'The webhook body is not valid JSON.',
  'The webhook body is not an event.',
  'Send the metrics token as Authorization: Bearer <token>.',
  'Ask for a ticket (POST /v1/notifications/stream-ticket) and pass it as ?ticket=.',
  'The requested range is not satisfiable.',
  'That media file does not exist.',
  'That file does not exist.',
]);
/**
 * Known English left, each with its reason (the client shows its own words by the problem code).
 * Shrink this list; never grow it without a reason.
 */
const KNOWN = new Map([
  [
    'X. Your plan streams on X: stop playback on one of them to watch here.',
    'too_many_streams: mf-player shows mf-player.problem.screens.* by errors.entitlement',
  ],
  [
    'Test mode: use a Stripe test card such as 4242 4242 4242 4242. Real cards are never charged here.',
    "the local test gateway's, for developers; never in production",
  ],
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sources(file);
    return /\.ts$/.test(name) && !/\.test\.ts$|\.d\.ts$/.test(name) ? [file] : [];
  });
}

const THROW =
  /\b(?:badRequest|unauthorized|forbidden|kidsProfileRefused|notFound|conflict|unavailable|foundOr404|tooManyRequests|new HttpError|new RateLimitedError)\s*\(/g;
const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\])*)\1/gs;
const SUCCESS = /\bmessage:\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;

/** A literal's English with `${…}` as X; string concatenations joined. */
const english = (raw: string) =>
  raw
    .replace(/\$\{[^}]*\}/g, 'X')
    .replace(/\\'/g, "'")
    .replace(/\\"/g, '"');

function messagesOf(file: string): string[] {
  // Comments out (their apostrophes would open literals); a call's arguments end at its statement.
  const src = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of src.matchAll(THROW)) {
    const args = src.slice(m.index + m[0].length, m.index + m[0].length + 500).split(/;\s*\n/)[0]!;
    // The first sentence-like literal among the call's first arguments (a concatenation joined).
    const joined = args.replace(/(['"`])\s*\+\s*\n?\s*(['"`])/g, '');
    for (const l of joined.matchAll(LITERAL)) {
      // A sentence: a field's fragment ('is required', in `errors`) is not the message.
      if (!/^[A-Z$][\s\S]*[A-Za-z]{2,} [a-z]/.test(l[2]!)) continue;
      found.push(english(l[2]!));
      break;
    }
  }
  for (const m of src.matchAll(SUCCESS))
    if (/^[A-Z]/.test(english(m[2]!))) found.push(english(m[2]!));
  return found;
}

describe("the API's messages are catalogued", () => {
  const all = sources(SRC).flatMap((file) =>
    messagesOf(file).map((message) => ({ file: path.relative(SRC, file), message })),
  );

  it('finds the messages (the scan works)', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((m) => m.message)).toContain('Profile saved.');
  });

  it('every message a viewer reads has a catalog entry, so it is translated', () => {
    const placeholder = (message: string) => message.replace(/X/g, '7');
    const missing = all
      .filter(({ message }) => !MACHINE.has(message) && !KNOWN.has(message))
      .filter(({ message }) => !catalogEntryOf(placeholder(message)))
      .map(({ file, message }) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('a success message follows the language', () => {
    expect(localiseMessage('Profile saved.', 'ar')).toBe('تم حفظ الملف الشخصي.');
    expect(localiseMessage('Watching as Ana.', 'es')).toBe('Viendo como Ana.');
  });
});
