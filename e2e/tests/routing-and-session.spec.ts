import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser } from './support/api';

/** Each route's screen names itself in its h1: a routed remote screen really rendered. */
async function expectScreen(page: Page, path: string, heading: string | RegExp, finalPath = path) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveURL(`${E2E.shellUrl}${finalPath}`);
}

test.describe('logged out', () => {
  const routes: Array<[string, string | RegExp, string?]> = [
    ['/', 'Welcome to Streamflix'],
    ['/welcome', 'Welcome'],
    ['/login', 'Log in'],
    ['/signup', 'Sign up'],
    ['/forget', 'Reset your password'],
    ['/verify', 'Enter your code'],
    ['/varify', 'Enter your code', '/verify'],
    ['/interest', 'Your interests'],
    ['/subscription', 'Plans'],
    ['/skip-list', 'Browse'],
    ['/payment', 'Payment'],
    ['/movie/movie/t-0001', 'The Glass Orchard'],
    ['/watch/t-0001/t-0001/0/0', 'Watch'],
    ['/category/trending', 'Trending Now'],
    ['/premium', 'Premium'],
    ['/register', 'Register'],
    ['/skip-explore', 'Explore'],
  ];
  for (const [path, heading, finalPath] of routes) {
    test(`${path} resolves to its remote screen`, async ({ page }) => {
      await expectScreen(page, path, heading, finalPath);
    });
  }

  test('unknown paths and account-only paths land on /', async ({ page }) => {
    await expectScreen(page, '/definitely/not/a/page', 'Welcome to Streamflix', '/');
    await expectScreen(page, '/profile', 'Welcome to Streamflix', '/');
    await expectScreen(page, '/my-list', 'Welcome to Streamflix', '/');
  });

  test('stores the skipped flag away from the root', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('skipped'))).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('skipped'))).toBe('true');
  });
});

test.describe('logged in', () => {
  test.use({ storageState: E2E.authFile });
  const routes: Array<[string, string | RegExp, string?]> = [
    ['/', 'Home'],
    ['/welcome', 'Welcome'],
    ['/explore', 'Explore'],
    ['/interest', 'Your interests'],
    ['/tranding', 'Trending', '/trending'],
    ['/my-list', 'My List'],
    ['/new-relesed', 'New releases', '/new-releases'],
    ['/movie/series/t-0061', 'Last Stop Abuja', '/movie/movie/t-0061'],
    ['/series', 'Series'],
    ['/paywall', 'Go premium'],
    ['/profile', 'Profile'],
    ['/notification', 'Notifications'],
    ['/general', 'Settings'],
    ['/change-password', 'Change password'],
    ['/privacy-policy', 'Privacy policy'],
    ['/term-condation', 'Terms and conditions', '/terms'],
    ['/manage-subscribe', 'Manage subscription'],
    ['/email-varify', 'Verify your email', '/verify-email'],
    ['/watch/t-0001/t-0001/0/0', 'Watch'],
    ['/category/top-rated', 'Top Rated'],
    ['/register', 'Register'],
  ];
  for (const [path, heading, finalPath] of routes) {
    test(`${path} resolves to its remote screen`, async ({ page }) => {
      await expectScreen(page, path, heading, finalPath);
    });
  }

  test('guest-only paths and unknown paths land on /', async ({ page }) => {
    await expectScreen(page, '/login', 'Home', '/');
    await expectScreen(page, '/nope', 'Home', '/');
  });
});

test('logging in and out switches the route set without a reload', async ({ page }) => {
  const user = newUser('switch');
  await registerUser(user);
  await page.goto('/login');
  // A marker on window survives only if the page is never reloaded.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My List' })).toBeVisible();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null')),
  ).toHaveProperty('token');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Streamflix' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
});

test('a wrong password shows one clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/incorrect/i);
  await expect(page).toHaveURL(`${E2E.shellUrl}/login`);
});
