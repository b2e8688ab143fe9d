import { expect, test } from '@playwright/test';

/** The product by keyboard: skip link, focus on client-side navigation, Back, titles, errors. */

test('"Skip to content" is the first Tab stop and jumps past the banner and header', async ({
  page,
}) => {
  await page.goto('/skip-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeAttached();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('a new screen takes focus on its heading, is announced and named in the tab; Back returns focus', async ({
  page,
}) => {
  await page.goto('/skip-list');
  const card = page
    .getByRole('region', { name: 'Trending now' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first();
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/movie\/movie\//);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  const name = (await heading.textContent())!.trim();
  expect(name).not.toBe('');
  await expect(page.getByRole('status').filter({ hasText: name })).toBeAttached();
  await expect(page).toHaveTitle(`${name} · Streamflix`);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeAttached();
  await expect(card).toBeFocused();
});

test('a refused login keeps focus: it moves to the error message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByLabel('Password').press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: /incorrect|not found|wrong/i });
  await expect(alert).toBeFocused();
});
