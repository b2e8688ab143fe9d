import { expect, test, type Page } from '@playwright/test';

// A first visit: no consent given yet.
test.use({ storageState: { cookies: [], origins: [] } });

const recorded = async (page: Page) => {
  await page.goto('/debug/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics events' })).toBeVisible();
  await expect(page.getByText(/Local recorder: no analytics service is configured/)).toBeVisible();
  return page.getByRole('table');
};

test('a visit records its page views and search in the local recorder only after the viewer accepts', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Help us improve Streamflix?' });
  await expect(banner).toBeVisible();
  // Browsing before answering records nothing.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  await expect(page).toHaveURL(/\/skip-explore/);
  await recorded(page);
  await expect(page.getByText('No events recorded in this tab.')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Accept analytics' }).click();
  await expect(banner).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  const search = page.getByLabel('Search titles, people and genres');
  await search.fill('the');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /titles? for “the”/ })).toBeVisible();

  const table = await recorded(page);
  const rows = table.getByRole('row');
  await expect(
    rows.filter({ hasText: 'page_view' }).filter({ hasText: '"title":"Home Page"' }),
  ).toHaveCount(1);
  await expect(
    rows.filter({ hasText: 'page_view' }).filter({ hasText: '"/skip-explore"' }),
  ).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'search' }).filter({ hasText: '"query":"the"' })).toHaveCount(
    1,
  );
  // The debug page's own view is recorded too: the recorder is live.
  await expect(rows.filter({ hasText: '"/debug/analytics"' })).not.toHaveCount(0);
});

test('rejecting records nothing, and the banner does not come back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Explore' })
    .click();
  await expect(page).toHaveURL(/\/skip-explore/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Help us improve Streamflix?' })).toBeHidden();
  await recorded(page);
  await expect(page.getByText('No events recorded in this tab.')).toBeVisible();
  await expect(page.getByText('Consent: denied')).toBeVisible();
});
