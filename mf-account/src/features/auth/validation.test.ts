import {
  validateCode,
  validateConfirm,
  validateEmail,
  validateLoginPassword,
  validateName,
  validateNewPassword,
} from './validation';

it('requires a well-formed email', () => {
  expect(validateEmail('')).toMatch(/enter your email/i);
  expect(validateEmail('   ')).toMatch(/enter your email/i);
  expect(validateEmail('name@')).toMatch(/valid email/i);
  expect(validateEmail('name@example')).toMatch(/valid email/i);
  expect(validateEmail('a b@example.com')).toMatch(/valid email/i);
  expect(validateEmail(' name@example.com ')).toBeUndefined();
});

it('requires a password to log in', () => {
  expect(validateLoginPassword('')).toMatch(/enter your password/i);
  expect(validateLoginPassword('x')).toBeUndefined();
});

it('requires a name', () => {
  expect(validateName('  ')).toMatch(/enter your name/i);
  expect(validateName('Ada')).toBeUndefined();
});

it('lists every unmet rule for a new password, matching the API (8-128, no composition rules)', () => {
  expect(validateNewPassword('')).toMatch(/choose a password/i);
  expect(validateNewPassword('abc')).toMatch(/at least 8 characters/);
  expect(validateNewPassword('x'.repeat(129))).toMatch(/at most 128/);
  expect(validateNewPassword('me@example.com', 'me@example.com')).toMatch(/not your email/);
  expect(validateNewPassword('correct horse battery')).toBeUndefined();
});

it('checks that the confirmation matches', () => {
  expect(validateConfirm('secret-123', '')).toMatch(/again/i);
  expect(validateConfirm('secret-123', 'secret-12')).toMatch(/do not match/i);
  expect(validateConfirm('secret-123', 'secret-123')).toBeUndefined();
});

it('accepts a six-digit code, pasted with spaces or not', () => {
  expect(validateCode('')).toMatch(/six-digit/i);
  expect(validateCode('12345')).toMatch(/six digits/i);
  expect(validateCode('12a456')).toMatch(/six digits/i);
  expect(validateCode(' 123 456 ')).toBeUndefined();
});
