import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E } from './support/env';

test.use({ storageState: E2E.authFile });

test('the local help widget opens by keyboard, answers common questions, and a sent message is back after reload', async ({
  page,
}) => {
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Help', exact: true });
  await expect(launcher).toBeVisible();
  await launcher.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Help' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/Local help inbox/)).toBeVisible();
  await panel.getByText('How do I reset my password?').click();
  await expect(panel.getByText(/six-digit code/)).toBeVisible();

  // An empty message is refused with a clear message.
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByRole('status')).toHaveText('Write a message first.');

  const text = `My subtitles are out of sync (${randomUUID().slice(0, 6)})`;
  await panel.getByRole('textbox', { name: 'Your message' }).fill(text);
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByRole('status')).toContainText('we got your message');
  await expect(panel.getByRole('list', { name: 'Your messages' })).toContainText(text);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();

  await page.reload();
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Help' }).getByRole('list', { name: 'Your messages' }),
  ).toContainText(text);
});
