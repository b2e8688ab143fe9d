import { expect, test } from '@playwright/test';
import { setRemote } from './support/api';
import { E2E } from './support/env';

test('the loading fallback shows while a remote loads', async ({ page }) => {
  // Hold the player's manifest back so the fallback is observable.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/mf-manifest.json', async (route) => {
    if (route.request().url().includes(`:${E2E.ports.player}/`)) await held;
    await route.continue();
  });
  await page.goto('/watch/t-0001/t-0001/0/0');
  const fallback = page.getByTestId('loading-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('Loading player');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch' })).toBeVisible();
  await expect(fallback).toHaveCount(0);
});

test.describe('one remote down', () => {
  test.afterEach(async () => {
    await setRemote('mf_player', 'start');
  });

  test('its routes show an error with Retry, other remotes keep working, and Retry recovers', async ({
    page,
  }) => {
    await setRemote('mf_player', 'stop');
    await page.goto('/watch/t-0001/t-0001/0/0');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This part of Streamflix is unavailable right now');
    await expect(alert).toContainText('player could not be loaded');

    // Every other remote still renders, in the same page session.
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Plans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Streamflix' }),
    ).toBeVisible();

    await page.goto('/watch/t-0001/t-0001/0/0');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await setRemote('mf_player', 'start');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Watch' })).toBeVisible();
  });
});
