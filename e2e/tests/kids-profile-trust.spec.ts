import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser, type TestUser } from './support/api';
import { holdShellEntry } from './support/shell-entry';

/**
 * What a household's trust rests on, through the screens: a device on a kids profile cannot sign out
 * (and become a guest with no ceiling) without the account password, and a copy of the account's data
 * that holds a PIN-locked profile asks for that password too and says whose data it holds. The
 * household is set up through the API; everything under test is clicked or typed.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

async function accessToken(user: TestUser): Promise<string> {
  const res = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { data: { tokens: { access: string } } }).data.tokens.access;
}

async function addProfile(user: TestUser, body: object): Promise<string> {
  const token = await accessToken(user);
  const res = await fetch(api('/profiles'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...body, password: user.password }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Several profiles: the device is asked who is watching.
  await expect(page.getByRole('heading', { name: "Who's watching?" })).toBeVisible();
}

const deviceToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('token') ?? 'null')?.token as string | undefined) ?? null,
  );

test('a kids profile cannot sign out without the account password', async ({ page }) => {
  const user = newUser('kids-signout');
  await registerUser(user);
  await addProfile(user, { name: 'Sam', kids: true });
  await logIn(page, user);
  await page.getByRole('button', { name: /Watch as Sam, kids profile/ }).click();
  await expect(page.getByRole('link', { name: /Watching as Sam, kids profile/ })).toBeVisible();
  const token = await deviceToken(page);

  // Log out asks for the password; Enter on an empty field says what is missing.
  await page.getByRole('button', { name: 'Log out' }).click();
  const ask = page.getByRole('dialog', { name: 'Enter the account password' });
  await expect(ask.getByText(/Sam is a kids profile/)).toBeVisible();
  await expect(ask.getByLabel('Account password')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask.getByText('Enter the account password.')).toBeVisible();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(ask.getByText('That password is not right.')).toBeVisible();
  // Escape keeps the device as it was: signed in, on the kids profile.
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Watching as Sam, kids profile/ })).toBeVisible();
  expect(await deviceToken(page)).toBe(token);
  // Nor does the API sign it out behind the screens' back.
  const direct = await fetch(api('/auth/logout'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  expect(direct.status).toBe(403);
  expect(((await direct.json()) as { errors: { profile: string } }).errors.profile).toBe(
    'kids_profile',
  );

  // With the password, the device signs out.
  await page.getByRole('button', { name: 'Log out' }).click();
  await ask.getByLabel('Account password').fill(user.password);
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are logged out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await deviceToken(page)).toBeNull();
  const after = await fetch(api('/profiles'), { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(401);
});

test('the data export asks for the password when a profile is PIN-locked, and names the profiles it holds', async ({
  page,
}) => {
  const user = newUser('export-locked');
  await registerUser(user);
  await addProfile(user, { name: 'Robin' });
  const token = await accessToken(user);
  const profiles = (await (
    await fetch(api('/profiles'), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { profiles: Array<{ id: string; name: string }> } };
  const robin = profiles.data.profiles.find((p) => p.name === 'Robin')!;
  const locked = await fetch(api(`/profiles/${robin.id}/pin`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ pin: '2468', password: user.password }),
  });
  expect(locked.status).toBe(200);

  await logIn(page, user);
  await page.getByRole('button', { name: /Watch as Test export-locked/ }).click();
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  await page.getByRole('button', { name: 'Download your data' }).click();
  await expect(page.getByText(/This copy includes PIN-locked profiles \(Robin\)/)).toBeVisible();
  const ask = page.getByRole('form', { name: /PIN-locked profiles/ });
  const field = ask.getByLabel('Account password');
  await expect(field).toBeFocused();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(ask.getByText('That password is not right.')).toBeVisible();

  await field.fill(user.password);
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  await expect(
    page.getByRole('status').filter({ hasText: /It includes the profiles .*Robin/ }),
  ).toBeVisible();
  const archive = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profiles: Array<{ name: string; locked: boolean }>;
  };
  expect(archive.profiles.map((p) => [p.name, p.locked])).toEqual([
    [user.name, false],
    ['Robin', true],
  ]);
  await expect(ask).toHaveCount(0);
});

/** An R-or-above title and one a little kid may watch, as the API lists them to a guest. */
async function titlesByRating() {
  const res = await fetch(api('/titles/search?limit=100'));
  const { data } = (await res.json()) as {
    data: { results: Array<{ id: string; name: string; type: string; maturity: string }> };
  };
  const adult = data.results.find((r) => ['R', 'TV-MA', 'NC-17'].includes(r.maturity));
  const kids = data.results.find((r) => ['G', 'TV-Y', 'TV-G'].includes(r.maturity));
  if (!adult || !kids) throw new Error('the catalogue lacks an adult or a kids title');
  return { adult, kids };
}

const deviceLock = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('kidsLock') ?? 'null') as {
        token: string;
        profileName: string;
      } | null,
  );

test('a kids device whose session is ended elsewhere stays on the kids ceiling as a guest until the password unlocks it', async ({
  page,
}) => {
  const user = newUser('kids-lock');
  await registerUser(user);
  await addProfile(user, { name: 'Sam', kids: true });
  const { adult, kids } = await titlesByRating();
  await logIn(page, user);
  await page.getByRole('button', { name: /Watch as Sam, kids profile/ }).click();
  await expect(page.getByRole('link', { name: /Watching as Sam, kids profile/ })).toBeVisible();
  await expect.poll(async () => (await deviceLock(page))?.profileName).toBe('Sam');
  // On the kids profile itself, no bar: the profile is the ceiling.
  await expect(page.getByRole('complementary', { name: 'Kids lock' })).toHaveCount(0);

  // A grown-up signs every device out, from another device.
  const elsewhere = await accessToken(user);
  const ended = await fetch(api('/auth/logout-all'), {
    method: 'POST',
    headers: { authorization: `Bearer ${elsewhere}` },
  });
  expect(ended.status).toBe(200);

  // The device finds out on its next call and becomes a guest, still held to Sam's ratings.
  const seen: string[] = [];
  page.on('response', async (res) => {
    if (!/\/v1\/titles\/search/.test(res.url()) || !res.ok()) return;
    const body = (await res.json().catch(() => null)) as {
      data?: { results?: Array<{ maturity: string }> };
    } | null;
    seen.push(...(body?.data?.results ?? []).map((c) => c.maturity));
  });
  await page.goto('/explore');
  const bar = page.getByRole('complementary', { name: 'Kids lock' });
  await expect(bar).toContainText(
    "This device is locked to Sam's ratings. Enter the account password to unlock it.",
  );
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await deviceToken(page)).toBeNull();
  await page.screenshot({ path: test.info().outputPath('kids-lock-bar.png') });
  // Signed out, the app shows its landing page; browsing as a guest, Explore lists only what Sam may see.
  await page.getByRole('button', { name: /Skip for now/ }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Explore/ })).toBeVisible();
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  expect(seen.filter((m) => ['R', 'TV-MA', 'NC-17'].includes(m))).toEqual([]);

  // An adult title's page refuses it; the API refuses its playback to this device's lock too.
  await page.goto(`/movie/${adult.type}/${adult.id}`);
  await expect(page.getByRole('heading', { level: 1, name: adult.name })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Not available on this profile' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('kids-lock-adult-title.png') });
  const lock = (await deviceLock(page))!.token;
  const playback = await fetch(api(`/playback/${adult.id}`), { headers: { 'x-kids-lock': lock } });
  expect(playback.status).toBe(403);
  // A title Sam may watch still opens.
  await page.goto(`/movie/${kids.type}/${kids.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kids.name })).toBeVisible();

  // Unlock: a wrong password is refused and changes nothing; the right one lifts the lock.
  await bar.getByRole('button', { name: 'Unlock' }).click();
  const ask = page.getByRole('dialog', { name: 'Enter the account password' });
  await expect(ask.getByLabel('Account password')).toBeFocused();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(ask.getByText('That password is not right.')).toBeVisible();
  expect(await deviceLock(page)).not.toBeNull();
  await page.screenshot({ path: test.info().outputPath('kids-lock-unlock-dialog.png') });
  await ask.getByLabel('Account password').fill(user.password);
  await ask.getByRole('button', { name: 'Unlock' }).click();
  await expect(ask).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  expect(await deviceLock(page)).toBeNull();
  await page.goto(`/movie/${adult.type}/${adult.id}`);
  await expect(page.getByRole('heading', { level: 1, name: adult.name })).toBeVisible();
});

/**
 * A watch link's loading screen shows the title's artwork from the HTML, before the API has said
 * whether the device may watch it (shell/scripts/watch-hints.cjs): on a kids profile it shows none,
 * so a mature title's artwork is never on screen, and the player refuses the title as before.
 */
/** A new account with a kids profile, chosen on this device through the UI; a mature title. */
async function onKidsProfile(page: Page, label: string) {
  const user = newUser(label);
  await registerUser(user);
  await addProfile(user, { name: 'Sam', kids: true });
  const { adult } = await titlesByRating();
  await logIn(page, user);
  await page.getByRole('button', { name: /Watch as Sam, kids profile/ }).click();
  await expect(page.getByRole('link', { name: /Watching as Sam, kids profile/ })).toBeVisible();
  return adult;
}

test.describe('without the service worker (its cache would serve the held entry)', () => {
  test.use({ serviceWorkers: 'block' });
  test("a kids profile's typed watch link to a mature title shows none of its artwork", async ({
    page,
  }) => {
    const adult = await onKidsProfile(page, 'kids-watch-link');

    const artwork: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/v1/artwork/${encodeURIComponent(adult.id)}/`)) artwork.push(r.url());
    });
    const release = await holdShellEntry(page);
    await page.goto(`/watch/${adult.id}/${adult.id}/0/0`, { waitUntil: 'commit' });
    // The HTML's loading screen is up (the app cannot have run), with its logo, and without the
    // title's artwork.
    await expect(page.locator('#root .sfw')).toContainText('STREAMFLIX');
    const img = page.locator('#root .sfw img');
    await expect(img).toHaveCount(1);
    expect(await img.evaluate((i: HTMLImageElement) => [i.getAttribute('src'), i.hidden])).toEqual([
      null,
      true,
    ]);
    await expect(page.locator('#root .sfw')).toBeVisible();
    release();
    // The player refuses the title (the API's kids ceiling), and no artwork of it was ever asked for.
    await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('video')).toHaveCount(0);
    expect(artwork).toEqual([]);
  });
  test("a kids profile's typed link to a mature title's page shows none of its name, synopsis or tab name", async ({
    page,
  }) => {
    const adult = await onKidsProfile(page, 'kids-title-link');
    const release = await holdShellEntry(page);
    await page.goto(`/movie/${adult.type}/${adult.id}`, { waitUntil: 'commit' });
    // The page's HTML carries the title for bots without script; on this device it is hidden.
    const fallback = page.locator('#root main[data-title-fallback]');
    await expect(fallback).toHaveCount(1);
    await expect(fallback).toBeHidden();
    // Nor does the tab name it (the page's <title> is the title's, for bots). The loading screen
    // every page has shows instead of a blank page.
    await expect(page).toHaveTitle('Streamflix');
    await expect(page.locator('#root .sfl[data-screen-loading]')).toBeVisible();
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Not available on this profile' }),
    ).toBeVisible({ timeout: 30_000 });
  });
});
