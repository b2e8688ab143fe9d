import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { waitForPlayableMedia } from './support/delivery';
import { newUser, registerUser, type TestUser } from './support/api';

/**
 * Households through the screens a viewer uses: a kids profile that reaches no adult title by any route,
 * separate My Lists, a PIN-locked profile, ratings that change the home, and a Continue watching row the
 * viewer cleans. The account is created through the API (set-up); everything under test is clicked.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const KIDS_RATINGS = new Set(['G', 'TV-Y', 'TV-G', 'PG', 'TV-Y7']);

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function openProfiles(page: Page) {
  await page.getByRole('link', { name: /Switch profile/ }).click();
  await expect(page.getByRole('heading', { name: "Who's watching?" })).toBeVisible();
}

async function addProfile(
  page: Page,
  user: TestUser,
  name: string,
  opts: { kids?: boolean; pin?: string } = {},
) {
  await page.getByRole('button', { name: 'Manage profiles' }).click();
  await page.getByRole('button', { name: 'Add profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a profile' });
  await dialog.getByLabel('Name').fill(name);
  if (opts.kids) await dialog.getByLabel(/Kids profile/).check();
  if (opts.pin) await dialog.getByLabel(/Lock with a PIN/).fill(opts.pin);
  await dialog.getByLabel('Account password').fill(user.password);
  await dialog.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Edit ${name}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
}

/** An R-or-above title of the catalogue, as a guest sees it. */
async function adultTitle(): Promise<{ id: string; name: string; type: string }> {
  const res = await fetch(`${E2E.apiUrl}/v1/titles/search?limit=100`);
  const { data } = (await res.json()) as {
    data: { results: Array<{ id: string; name: string; type: string; maturity: string }> };
  };
  const t = data.results.find((r) => ['R', 'TV-MA', 'NC-17'].includes(r.maturity));
  if (!t) throw new Error('no adult title in the catalogue');
  return t;
}

test('a kids profile reaches no adult title: not on any screen, not by URL, not from the API', async ({
  page,
}) => {
  const user = newUser('household');
  await registerUser(user);
  await logIn(page, user);
  await openProfiles(page);
  await addProfile(page, user, 'Sam', { kids: true });
  // Every list the screens load from now on is checked for what a kids profile may see.
  const seen: string[] = [];
  page.on('response', async (res) => {
    if (!/\/v1\/(users\/dashboard|titles\/search|categorys\/)/.test(res.url()) || !res.ok()) return;
    const body = await res.json().catch(() => null);
    const data = body?.data ?? {};
    const cards = [
      ...(data.results ?? []),
      ...(data.titles ?? []),
      ...(data.rails ?? []).flatMap((r: { items: unknown[] }) => r.items),
      ...(data.hero ? [data.hero] : []),
    ] as Array<{ maturity: string }>;
    seen.push(...cards.map((c) => c.maturity));
  });
  await page.getByRole('button', { name: /Watch as Sam, kids profile/ }).click();
  await expect(page.getByRole('link', { name: /Watching as Sam, kids profile/ })).toBeVisible();
  // A simpler home: a greeting and rails, no featured trailer and no list of every genre.
  await expect(page.getByText('Hi Sam! What shall we watch?')).toBeVisible();
  await expect(page.getByText(/^Featured (movie|series)$/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Browse by genre' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Explore/ })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Trending/ })).toBeVisible();
  await expect.poll(() => seen.length).toBeGreaterThan(10);
  expect([...new Set(seen)].filter((m) => !KIDS_RATINGS.has(m))).toEqual([]);

  // A typed URL for an adult title, and the API itself with this device's token.
  const adult = await adultTitle();
  await page.goto(`/movie/${adult.type}/${adult.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Not available on this profile' }),
  ).toBeVisible();
  await expect(page.getByText(/isn't available on this profile/)).toBeVisible();
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('token')!).token as string,
  );
  const playback = await fetch(`${E2E.apiUrl}/v1/playback/${adult.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(playback.status).toBe(403);
  expect((await playback.json()).errors.entitlement).toBe('maturity_ceiling');
  // Account and payment screens are a grown-up's.
  await page.goto('/manage-subscribe');
  await expect(
    page.getByRole('heading', { name: "Manage subscription isn't available on a kids profile" }),
  ).toBeVisible();
});

test('profiles keep their own My List; leaving a kids profile asks for the password; a PIN locks a profile', async ({
  page,
}) => {
  const user = newUser('household');
  await registerUser(user);
  await logIn(page, user);
  await openProfiles(page);
  await addProfile(page, user, 'Kid', { kids: true });
  await addProfile(page, user, 'Private', { pin: '2468' });
  await page.getByRole('button', { name: /Watch as .*watching now/ }).click();

  // The grown-up adds a title to My List from its page.
  const res = await fetch(`${E2E.apiUrl}/v1/titles/search?limit=20`);
  const free = (
    (await res.json()).data.results as Array<{
      id: string;
      name: string;
      type: string;
      maturity: string;
    }>
  ).find((t) => KIDS_RATINGS.has(t.maturity))!;
  await page.goto(`/movie/${free.type}/${free.id}`);
  await page.getByRole('button', { name: `Add ${free.name} to My List` }).click();
  await page.goto('/my-list');
  await expect(page.getByRole('link', { name: new RegExp(free.name) }).first()).toBeVisible();

  // The kids profile's list is its own.
  await openProfiles(page);
  await page.getByRole('button', { name: /Watch as Kid, kids profile/ }).click();
  await expect(page.getByRole('link', { name: /Watching as Kid/ })).toBeVisible();
  await page.goto('/my-list');
  await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(free.name) })).toHaveCount(0);

  // Leaving the kids profile needs the account password.
  await openProfiles(page);
  await page.getByRole('button', { name: /^Watch as Private/ }).click();
  const ask = page.getByRole('dialog', { name: 'Enter the account password' });
  await ask.getByLabel('Account password').fill('not the password');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.getByText('That password is not right.')).toBeVisible();
  await ask.getByLabel('Account password').fill(user.password);
  await ask.getByRole('button', { name: 'Continue' }).click();

  // Then Private's PIN: a wrong one says how many tries are left, the right one lets in.
  const pin = page.getByRole('dialog', { name: "Enter Private's PIN" });
  await pin.getByLabel('PIN (4 digits)').fill('1111');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  await expect(pin.getByText(/That PIN is not right\. 4 tries left\./)).toBeVisible();
  await pin.getByLabel('PIN (4 digits)').fill('2468');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('link', { name: /Watching as Private/ })).toBeVisible();
});

test('rate a title and see "Because you loved"; remove a title from Continue watching', async ({
  page,
}) => {
  const user = newUser('household');
  await registerUser(user);
  await logIn(page, user);
  const res = await fetch(`${E2E.apiUrl}/v1/titles/search?limit=5`);
  const title = (
    (await res.json()).data.results as Array<{ id: string; name: string; type: string }>
  )[0]!;
  await page.goto(`/movie/${title.type}/${title.id}`);
  const rate = page.getByRole('group', { name: `Rate ${title.name}` });
  await rate.getByRole('button', { name: 'I love this' }).click();
  await expect(rate.getByRole('button', { name: 'I love this' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(
    page.getByRole('heading', { name: `Because you loved ${title.name}` }),
  ).toBeVisible();

  // On a card, by keyboard: "Not for me" takes the title out of every rail.
  const trending = page.getByRole('region', { name: 'Trending now' });
  const rateButton = trending.getByRole('button', { name: /^Rate / }).nth(1);
  const cardName = ((await rateButton.getAttribute('aria-label')) ?? '').replace(/^Rate /, '');
  const choices = page.getByRole('group', { name: `Rate ${cardName}` });
  await rateButton.focus();
  await page.keyboard.press('Enter');
  await expect(choices.getByRole('button', { name: /Not for me/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(choices).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: new RegExp(`^${escapeRegExp(cardName)},`) }),
  ).toHaveCount(0);

  // Something watched for a while is in Continue watching; the viewer removes it from the row.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('token')!).token as string,
  );
  const started = await fetch(`${E2E.apiUrl}/v1/titles/search?limit=40`);
  const movie = (
    (await started.json()).data.results as Array<{ id: string; name: string; type: string }>
  ).find((t) => t.type === 'movie' && t.id !== title.id)!;
  await fetch(`${E2E.apiUrl}/v1/titles/createLog/${movie.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ position: 300, duration: 5400 }),
  });
  await page.reload();
  const row = page.getByRole('region', { name: 'Continue watching' });
  await expect(row.getByRole('link', { name: new RegExp(movie.name) })).toBeVisible();
  await row.getByRole('button', { name: `Remove ${movie.name} from Continue watching` }).click();
  await expect(page.getByText(`Removed ${movie.name} from Continue watching.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Continue watching' })).toHaveCount(0);
  // On another device of the same profile too: the row is the profile's, kept by the server.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: `Because you loved ${title.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Continue watching' })).toHaveCount(0);
});

test('a second device beyond the plan is told which profile is watching, and can watch once it stops', async ({
  browser,
}) => {
  test.setTimeout(6 * 60_000);
  const FREE_MOVIE = 't-0001';
  const user = newUser('household');
  await registerUser(user);
  // Set-up: the account subscribes to Basic (one screen) through the API; the journey is the screens.
  const login = await fetch(`${E2E.apiUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  }).then((r) => r.json());
  const paid = await fetch(`${E2E.apiUrl}/v1/payments/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${login.data.tokens.access}`,
    },
    body: JSON.stringify({ planId: 'basic-monthly', paymentMethodId: 'pm_card_visa' }),
  });
  expect(paid.status).toBe(200);
  await waitForPlayableMedia(FREE_MOVIE);

  const tv = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  const phone = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await logIn(tv, user);
  await tv.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expect
    .poll(() => tv.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0.5);

  await logIn(phone, user);
  await phone.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  const name = user.name ?? 'Viewer';
  await expect(
    phone.getByText(
      new RegExp(
        `${escapeRegExp(name)} is watching on another device\\. Your Basic plan streams on 1 screen at a time`,
      ),
    ),
  ).toBeVisible();

  // The TV leaves the player: once it has let its screen go (after its last progress report), the
  // phone's Retry plays. A Retry pressed before that is refused again, as it should be.
  const released = tv.waitForResponse(
    (r) => r.url().endsWith('/v1/playback/screen') && r.request().method() === 'DELETE',
  );
  await tv.getByRole('link', { name: /^Back to/ }).click();
  expect((await released).ok()).toBe(true);
  await expect(phone.getByText('Your plan’s screens are in use')).toBeVisible();
  await phone.getByRole('button', { name: 'Retry' }).click();
  await expect
    .poll(() => phone.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0.5);
  await tv.context().close();
  await phone.context().close();
});
