import { emailText } from './email-text';

describe('emailText', () => {
  test('writes in the stored language, its nearest shipped one, or English', () => {
    const params = { name: 'Ana', code: '123456', link: 'https://app/x' };
    expect(emailText('verify', 'pt', params).subject).toBe(
      '123456 é o seu código de verificação do StreamFlix',
    );
    expect(emailText('verify', 'he', params).text).toContain('https://app/x');
    expect(emailText('verify', 'it', params)).toEqual({
      subject: '123456 is your StreamFlix verification code',
      text:
        'Hi Ana,\n\nYour verification code is 123456. It expires in 15 minutes.\n\n' +
        "Or open https://app/x\n\nIf you didn't create an account, ignore this email.",
    });
  });
});
