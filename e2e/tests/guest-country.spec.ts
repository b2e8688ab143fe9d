import { expect, test } from '@playwright/test';

// A guest whose browser prefers British English.
test.use({ storageState: { cookies: [], origins: [] }, locale: 'en-GB' });

test('a guest’s country defaults from the browser, can be changed, and every catalogue call follows it', async ({
  page,
}) => {
  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Country' });
  await expect(picker).toBeVisible();
  const options = await picker
    .locator('option')
    .evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value));
  expect(options.length).toBeGreaterThan(1);
  const expectedDefault = options.includes('GB') ? 'GB' : 'US';
  await expect(picker).toHaveValue(expectedDefault);
  expect(await page.evaluate(() => localStorage.getItem('country'))).toContain(expectedDefault);

  const other = options.find((c) => c !== expectedDefault)!;
  await picker.selectOption(other);
  await expect(picker).toHaveValue(other);
  // The guest home (the dashboard) asks for that country's catalogue.
  const dashboard = page.waitForRequest(
    (r) => r.url().includes('/v1/users/dashboard') && (r.postData() ?? '').includes(`"${other}"`),
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Browse' })
    .click();
  await dashboard;

  // Search (explore) uses it too.
  const search = page.waitForRequest(
    (r) => /\/v1\/titles\/search/.test(r.url()) && r.url().includes(`country=${other}`),
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  await search;
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue(other);
});
