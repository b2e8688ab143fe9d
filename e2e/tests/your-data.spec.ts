import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, signUpThroughUi, type TestUser } from './support/api';

/**
 * The viewer's data rights, through the screens: someone signs up, keeps a title in My List and watches a
 * little, downloads a copy of their data and finds both in the file, then deletes the account from
 * Settings and can't sign in with it any more.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const MOVIE = { id: 't-0001', name: 'The Glass Orchard' };
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

interface Archive {
  account: { email: string };
  profiles: Array<{
    myList: Array<{ titleId: string; title: string }>;
    watchHistory: Array<{ titleId: string; title: string; position: number }>;
  }>;
}

async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.beforeAll(async () => {
  // In a fresh checkout the API generates the media during the run: wait for the clip this test plays.
  test.setTimeout(8 * 60_000);
  while ((await fetch(api(`/playback/${MOVIE.id}`))).status === 503)
    await new Promise((r) => setTimeout(r, 3000));
});

test('a viewer downloads their data, finds their list and history in it, then deletes the account', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  const user = newUser('data-rights');
  await page.goto('/signup');
  await signUpThroughUi(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Your interests' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Drama' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(`${E2E.shellUrl}/`);

  // My List, from the title's page.
  await page.goto(`/movie/movie/${MOVIE.id}`);
  await page.getByRole('button', { name: `Add ${MOVIE.name} to My List` }).click();
  await expect(
    page.getByRole('button', { name: `Remove ${MOVIE.name} from My List` }),
  ).toHaveAttribute('aria-pressed', 'true');

  // A few seconds of it, then back: the player logs where the viewer stopped.
  await page.getByRole('link', { name: `Play: ${MOVIE.name}` }).click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(3);
  const logged = page.waitForResponse(
    (r) => r.url().includes(`/titles/createLog/${MOVIE.id}`) && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: /^Back to/ }).click();
  expect((await logged).ok()).toBe(true);

  // Settings › Your data › Download your data: a JSON file with both in it.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^streamflix-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your data was downloaded' }),
  ).toBeVisible();
  const text = await readFile(await download.path(), 'utf8');
  const archive = JSON.parse(text) as Archive;
  expect(archive.account.email).toBe(user.email);
  const [profile] = archive.profiles;
  expect(profile!.myList).toEqual([
    expect.objectContaining({ titleId: MOVIE.id, title: MOVIE.name }),
  ]);
  expect(profile!.watchHistory).toEqual([
    expect.objectContaining({ titleId: MOVIE.id, title: MOVIE.name, position: expect.any(Number) }),
  ]);
  expect(profile!.watchHistory[0]!.position).toBeGreaterThan(0);
  expect(text).not.toContain(user.password);
  expect(text).not.toMatch(/password_hash|"token"|refresh/i);

  // Delete account: the dialog says what happens; a wrong password changes nothing.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/subscription is cancelled straight away/)).toBeVisible();
  await expect(dialog.getByText(/Every device is signed out/)).toBeVisible();
  await expect(dialog.getByText(/kept without your name, email or card/)).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  // Signed out here, on the guest home, told what happened; the address got a confirmation.
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.shellUrl}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Streamflix' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () => {
      const outbox = await fetch(api(`/dev/outbox?email=${encodeURIComponent(user.email)}`));
      const body = (await outbox.json()) as { data: { messages: Array<{ kind: string }> } };
      return body.data.messages.map((m) => m.kind);
    })
    .toEqual(['account-deleted']);

  // The same credentials no longer sign in.
  await logIn(page, user);
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL(`${E2E.shellUrl}/login`);
});
