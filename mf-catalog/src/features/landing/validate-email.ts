// Deliberately simple: the server validates for real; this catches typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateEmail(email: string): string | null {
  const v = email.trim();
  if (!v) return 'Enter your email address.';
  if (v.length > 254 || !EMAIL.test(v))
    return 'Enter a valid email address, like name@example.com.';
  return null;
}
