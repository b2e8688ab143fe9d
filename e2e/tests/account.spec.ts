import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser, type TestUser } from './support/api';

/** The newest six-digit code the local outbox holds for this address. */
async function latestCode(email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E.apiUrl}/v1/dev/outbox?email=${encodeURIComponent(email)}`);
      const body = (await res.json()) as { data: { messages: Array<{ code: string | null }> } };
      code = body.data.messages.find((m) => m.code)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

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

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?next=/);
  await page.getByLabel('Six-digit code').fill(await latestCode(user.email));
  await page.getByRole('button', { name: 'Verify email' }).click();

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
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
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
