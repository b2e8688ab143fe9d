import { validateEmail, validateLoginPassword, validateNewPassword } from './validation';

it('requires a well-formed email', () => {
  expect(validateEmail('')).toMatch(/enter your email/i);
  expect(validateEmail('   ')).toMatch(/enter your email/i);
  expect(validateEmail('name@')).toMatch(/valid email/i);
  expect(validateEmail('name@example')).toMatch(/valid email/i);
  expect(validateEmail(' name@example.com ')).toBeUndefined();
});

it('requires a password to log in', () => {
  expect(validateLoginPassword('')).toMatch(/enter your password/i);
  expect(validateLoginPassword('x')).toBeUndefined();
});

it('lists every unmet rule for a new password', () => {
  expect(validateNewPassword('abc')).toMatch(/8 characters.*number/);
  expect(validateNewPassword('abcdefgh1')).toBeUndefined();
});
