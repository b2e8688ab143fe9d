import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { E2E } from './support/env';
import { newUser, registerUser } from './support/api';

/** Log in once per run, through the real login screen, and keep the browser state. */
setup('log in as a viewer', async ({ page }) => {
  const user = newUser();
  await registerUser(user);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // The API (another origin) kept its device cookie in the browser: the sign-in call is credentialed.
  const cookies = await page.context().cookies(`${E2E.apiUrl}/v1/auth/login`);
  expect(cookies.find((c) => c.name === 'sf_device')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
  });
  mkdirSync(path.dirname(E2E.authFile), { recursive: true });
  await page.context().storageState({ path: E2E.authFile });
  writeFileSync(
    path.join(path.dirname(E2E.authFile), 'viewer-credentials.json'),
    JSON.stringify(user),
  );
});
