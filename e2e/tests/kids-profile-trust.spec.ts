import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser, type TestUser } from './support/api';

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
