import { expect, test, type Page } from '@playwright/test';
import { newUser, registerUser, type TestUser } from './support/api';

/**
 * The profile's "Language" field is the language menu itself (issue 37, point 3): the header's
 * menu and the account's screens choose the same thing, the profile's language, which comes first
 * in the order and is remembered per profile. Before, /profile showed the account's email language
 * ("English") after the header had switched the UI to Arabic.
 */
async function logIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible({
    timeout: 45_000,
  });
}

const headerMenu = (page: Page) => page.locator('header [data-slot="language-menu"] select');
const profileMenu = (page: Page) =>
  page.locator('#main-content [data-slot="language-menu"] select');

test("the profile's Language shows what the header chose, chooses the same, and is remembered per profile", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('profile-language');
  await registerUser(user);
  await logIn(page, user);

  // The header's menu, as a viewer picks it.
  await headerMenu(page).selectOption('ar', { force: true });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto('/profile');
  await expect(profileMenu(page)).toHaveValue('ar', { timeout: 45_000 });
  await expect(profileMenu(page).locator('option:checked')).toHaveText('العربية');

  // Choosing on the profile switches the whole UI, the header's menu with it.
  const profilePatch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && /\/v1\/profiles\/[^/]+$/.test(new URL(r.url()).pathname),
  );
  await profileMenu(page).selectOption('es');
  expect((await profilePatch).postDataJSON()).toEqual({ language: 'es' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(headerMenu(page)).toHaveValue('es');

  // Saving the form writes it on the account too (the emails' language).
  const accountPatch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && /\/v1\/users\/[^/]+$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  expect((await accountPatch).postDataJSON()).toMatchObject({ language: 'es' });
  await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

  // Remembered on the profile, not only on the device: without the device's choice it stays.
  await page.evaluate(() => localStorage.removeItem('language'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es', { timeout: 45_000 });
  await expect(profileMenu(page)).toHaveValue('es', { timeout: 45_000 });
  await page.screenshot({
    path: test.info().outputPath('profile-language-es.png'),
    fullPage: true,
  });
});
