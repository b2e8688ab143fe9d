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

test.describe('as a guest', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a guest writes with an email address for the answer and sees the confirmation', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Help' });
    await expect(panel.getByRole('heading', { name: 'Write to us' })).toBeVisible();
    const email = panel.getByRole('textbox', { name: 'Your email' });
    const message = panel.getByRole('textbox', { name: 'Your message' });
    const send = panel.getByRole('button', { name: 'Send message' });

    // The address is checked before anything is sent, and the field says so.
    const text = `Can I watch on the train? (${randomUUID().slice(0, 6)})`;
    await message.fill(text);
    await email.fill('not-an-address');
    await send.click();
    await expect(panel.getByRole('status')).toHaveText(
      'Enter a valid email address, like name@example.com.',
    );
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    const address = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await email.fill(address);
    await send.click();
    await expect(panel.getByRole('status')).toHaveText(
      `Thanks, we got your message. We will answer at ${address}, usually within a day.`,
    );
    await expect(message).toHaveValue('');
    await expect(panel.getByRole('link', { name: 'Log in' })).toBeVisible();

    // The answer address got its confirmation (the local outbox stands in for the mail server).
    await expect
      .poll(async () => {
        const res = await fetch(`${E2E.apiUrl}/v1/dev/outbox?email=${encodeURIComponent(address)}`);
        const body = (await res.json()) as { data: { messages: Array<{ kind: string }> } };
        return body.data.messages.map((m) => m.kind);
      })
      .toEqual(['help-guest-received']);
  });
});
