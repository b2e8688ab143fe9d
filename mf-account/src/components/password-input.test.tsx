import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordInput } from './password-input';

it('hides the password until its own toggle shows it, and hides it again', async () => {
  render(
    <>
      <PasswordInput label="New password" name="password" />
      <PasswordInput label="Confirm new password" name="confirm" />
    </>,
  );
  const field = screen.getByLabelText('New password');
  expect(field).toHaveAttribute('type', 'password');
  const toggle = screen.getByRole('button', { name: 'Show new password' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(toggle);
  expect(field).toHaveAttribute('type', 'text');
  expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Hide new password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await userEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
  expect(field).toHaveAttribute('type', 'password');
});
