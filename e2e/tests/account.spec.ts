import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { latestCode, newUser, registerUser, signUpThroughUi, type TestUser } from './support/api';

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const accessToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('token') ?? 'null') as { token: string } | null)?.token ??
      null,
  );

test('a visitor signs up, verifies the email with the emailed code, chooses genres and the home follows them', async ({
  page,
}) => {
  const user = newUser('signup');
  await page.goto('/signup');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText(/needs: at least 8 characters/i)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Nobody is signed in and no account exists until the emailed code comes back.
  await expect(page.getByRole('heading', { level: 1, name: /check your email/ })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  const early = await fetch(`${E2E.apiUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(early.status).toBe(401);
  const code = await latestCode(user.email, 'sign-up-code');
  await page.getByLabel('Six-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That code is wrong or has expired/);
  await expect(page.getByRole('alert')).toBeFocused();
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your interests' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Comedy' }).check();
  await page.getByRole('checkbox', { name: 'Horror' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(`${E2E.shellUrl}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const token = await accessToken(page);
  const user1 = await fetch(
    `${E2E.apiUrl}/v1/users/${await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as string)}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  ).then((r) => r.json() as Promise<{ data: { emailVerified: boolean; genres: string[] } }>);
  expect(user1.data.emailVerified).toBe(true);
  expect(user1.data.genres.sort()).toEqual(['g-comedy', 'g-horror']);
  const dashboard = await fetch(`${E2E.apiUrl}/v1/users/dashboard`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  }).then(
    (r) => r.json() as Promise<{ data: { personalised: boolean; rails: Array<{ id: string }> } }>,
  );
  expect(dashboard.data.personalised).toBe(true);
  expect(dashboard.data.rails.map((r) => r.id)).toEqual(
    expect.arrayContaining(['genre-comedy', 'genre-horror']),
  );
});

test("a guest's genre picks and My List carry over to the new account", async ({ page }) => {
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(`${E2E.shellUrl}/skip-list`);
  expect(await page.evaluate(() => localStorage.getItem('isSkiped'))).toBe('true');
  await page.goto('/interest');
  await page.getByRole('checkbox', { name: 'Drama' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${E2E.shellUrl}/skip-list`);
  await page.evaluate(() => localStorage.setItem('guestMyList', JSON.stringify(['t-0001'])));

  const user = newUser('guest');
  await page.goto('/register');
  await signUpThroughUi(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Your interests' })).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('guestGenres'),
      localStorage.getItem('guestMyList'),
    ]),
  ).toEqual([null, null]);

  const token = await accessToken(page);
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as string);
  const me = await fetch(`${E2E.apiUrl}/v1/users/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  expect(me.data.genres).toEqual(['g-drama']);
  const list = await fetch(`${E2E.apiUrl}/v1/users/favourite/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  expect(list.data.titles.map((t: { id: string }) => t.id)).toEqual(['t-0001']);
});

test('sign-up answers the same for an existing and a new address; the account starts on the code', async ({
  request,
}) => {
  const owner = newUser('owner');
  await registerUser(owner);
  const fresh = newUser('fresh');
  const start = (email: string) =>
    request.post(`${E2E.apiUrl}/v1/auth/register`, {
      data: { name: 'Someone', email, password: 'another passphrase' },
    });
  const existing = await start(owner.email);
  const created = await start(fresh.email);
  const shape = async (res: typeof existing, email: string) => ({
    status: res.status(),
    body: JSON.parse(
      (await res.text()).replaceAll(email, '<email>').replace(/su_[0-9a-f]{32}/, '<id>'),
    ) as unknown,
  });
  expect(await shape(existing, owner.email)).toEqual(await shape(created, fresh.email));
  expect(existing.status()).toBe(202);

  const login = () =>
    request.post(`${E2E.apiUrl}/v1/auth/login`, {
      data: { email: fresh.email, password: 'another passphrase' },
    });
  expect((await login()).status()).toBe(401);
  const { signUpId } = ((await created.json()) as { data: { signUpId: string } }).data;
  const verify = await request.post(`${E2E.apiUrl}/v1/auth/register/verify`, {
    data: { signUpId, code: await latestCode(fresh.email, 'sign-up-code') },
  });
  expect(verify.status()).toBe(201);
  expect((await login()).status()).toBe(200);
});

test('a wrong password shows one clear message and keeps what was typed', async ({ page }) => {
  const user = newUser('wrongpw');
  await registerUser(user);
  await logIn(page, { ...user, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page).toHaveURL(`${E2E.shellUrl}/login`);
});

test('after changing the password the old one fails and the new one works', async ({ page }) => {
  const user = newUser('chpw');
  await registerUser(user);
  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/change-password');
  const next = 'Another-horse-10';
  await page.getByLabel('Current password').fill('wrong-current-pw');
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is incorrect.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue(next);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password was changed' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Streamflix' }),
  ).toBeVisible();
  await logIn(page, user);
  await expect(page.getByRole('alert')).toHaveText(/incorrect/i);
  await logIn(page, { ...user, password: next });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test("signing out of all devices ends a second browser's session", async ({ page, browser }) => {
  const user = newUser('everywhere');
  await registerUser(user);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user);
  await expect(otherPage.getByRole('button', { name: 'Log out' })).toBeVisible();

  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Streamflix' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The other browser still holds its tokens; its next call is refused and it lands logged out.
  await otherPage.goto('/profile');
  await expect(otherPage.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await expect.poll(() => otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await other.close();
});

test('a viewer edits the profile and uploads an avatar after a preview', async ({ page }) => {
  const user = newUser('profile');
  await registerUser(user);
  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/profile');
  await page.getByLabel('Name').fill('Renamed Viewer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByText('Renamed Viewer', { exact: true })).toBeVisible();

  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert')).toHaveText(/PNG, JPEG or WebP/);

  // A 1x1 transparent PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(
    page.getByRole('img', { name: 'Preview of your new profile picture' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'profile picture was updated' }),
  ).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your profile picture' });
  await expect(avatar).toHaveAttribute('src', /uploads\/avatars\//);
  // The API stores a path; the page resolves it against the API's origin, which must let it embed.
  await expect(avatar).toHaveAttribute('src', new RegExp(`^${E2E.apiUrl}/uploads/avatars/`));
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('taking the profile after sign-in keeps what the viewer is already typing', async ({
  page,
}) => {
  const user = newUser('typing');
  await registerUser(user);
  // Set-up: the household's answer is held back, so the device takes its profile while the viewer
  // types (on a slow network this happens by itself).
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`${E2E.apiUrl}/v1/profiles`, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/profile');
  const name = page.getByLabel('Name');
  await expect(name).toHaveValue(user.name ?? /.+/);
  await name.fill('Typed While Loading');
  const household = page.waitForResponse(
    (r) => r.url() === `${E2E.apiUrl}/v1/profiles` && r.request().method() === 'GET',
  );
  answer();
  await household;
  // The profile is taken (the header names it), and the field still holds what was typed.
  await expect(page.getByRole('link', { name: /^Watching as / })).toBeVisible();
  await expect(name).toHaveValue('Typed While Loading');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(name).toHaveValue('Typed While Loading');
});

test('notifications can be read one by one and all at once', async ({ page }) => {
  const user = newUser('notes');
  await registerUser(user);
  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /unread/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All caught up.' })).toBeVisible();
});

test('on a phone, a long email address wraps on the profile instead of widening the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const user = newUser('a-rather-long-mailbox-name-that-does-not-fit-on-a-phone');
  await page.goto('/signup');
  await signUpThroughUi(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Your interests' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(`${user.email} is verified.`)).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});

test("the header's language menu switches the notifications to Spanish and to Arabic (right to left) without a reload", async ({
  page,
}) => {
  const user = newUser('lang');
  await registerUser(user);
  await logIn(page, user);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // A marker on the window: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { noReload?: boolean }).noReload = true));
  // Signed in below 1440 px the header's row has no room for the menu: it is in More.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'More' }).click();
  await header.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar todas como leídas' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const more = header.getByRole('button', { name: 'Más' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await header.getByRole('combobox', { name: 'Idioma' }).selectOption('ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
});
