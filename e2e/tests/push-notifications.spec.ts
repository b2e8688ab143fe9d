import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser, type TestUser } from './support/api';

// Each test signs in its own fresh account: a password change would sign the shared viewer out elsewhere.
test.use({ storageState: { cookies: [], origins: [] } });

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

const session = (page: Page) =>
  page.evaluate(() => ({
    token: (JSON.parse(localStorage.getItem('token') ?? 'null') as { token: string }).token,
    userId: (JSON.parse(localStorage.getItem('user') ?? 'null') as { id: string }).id,
  }));

/** The event on the API: this tab's own session changes the password (so it stays signed in). */
async function changePassword(page: Page, user: TestUser, next: string) {
  const { token, userId } = await session(page);
  const res = await fetch(`${E2E.apiUrl}/v1/users/changePassword/${userId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ currentPassword: user.password, newPassword: next }),
  });
  expect(res.status).toBe(200);
  user.password = next;
}

const streamOpened = (page: Page) =>
  page.waitForRequest((r) => /\/v1\/notifications\/stream\?ticket=/.test(r.url()));

test('a notification raised on the API reaches the open tab as the top-centre toast and the unread count, also after a token refresh', async ({
  page,
}) => {
  const user = newUser('push');
  await registerUser(user);
  const opened = streamOpened(page);
  await logIn(page, user);
  const stream = await opened;
  expect(stream.url()).not.toContain('access_token');
  // The welcome notification is unread from the start.
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  await changePassword(page, user, 'Another-horse-42');
  const toast = page.getByRole('button', { name: /Password changed/ });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  // Top-centre: horizontally centred, at the top of the viewport.
  const box = (await toast.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(40);
  expect(box.y).toBeLessThan(120);

  // Clicking it opens its target (no link: the notifications screen).
  await toast.click();
  await expect(page).toHaveURL(/\/notification$/);

  // An expired access token: the tab refreshes it before asking for a ticket, and the stream lives on.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('token')!) as { token: string };
    const [h, p] = stored.token.split('.');
    localStorage.setItem('token', JSON.stringify({ token: `${h}.${p}.invalid-signature` }));
  });
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/v1/auth/refresh-tokens') && r.ok(),
  );
  const reopened = streamOpened(page);
  await page.goto('/');
  await refreshed;
  await reopened;
  await changePassword(page, user, 'Third-horse-77');
  await expect(page.getByRole('button', { name: /Password changed/ })).toBeVisible();
});

test('with two tabs open, a message is shown once, in the tab used last; both counts update', async ({
  page,
  context,
}) => {
  const user = newUser('tabs');
  await registerUser(user);
  // Push starts once a page's first screen has settled: the test waits for each tab to be in
  // before raising the event, as a viewer would have been on their tabs for a while. The first
  // tab leads (it holds the stream); the second joins the tabs' channel and, shown and focused,
  // claims to be the tab used last (a message the tabs share).
  await context.addInitScript(() => {
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, data: unknown) {
      if (this.name === 'streamflix:push' && (data as { type?: string }).type === 'focus')
        (window as unknown as { pushFocusClaimed: boolean }).pushFocusClaimed = true;
      post.call(this, data);
    };
  });
  const opened = streamOpened(page);
  await logIn(page, user);
  await opened;
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await second.bringToFront();
  await second.evaluate(() => window.dispatchEvent(new Event('focus')));
  await second.waitForFunction(
    () => (window as unknown as { pushFocusClaimed?: boolean }).pushFocusClaimed === true,
  );

  await changePassword(page, user, 'Another-horse-42');
  await expect(second.getByRole('button', { name: /Password changed/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Password changed/ })).toHaveCount(0);
});
