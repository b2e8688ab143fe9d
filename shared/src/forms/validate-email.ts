// Deliberately simple: the server validates for real; this catches typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The email rule of every form that asks for an address (sign-up, log in, the landing's start form). */
export function validateEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter your email address.';
  if (v.length > 254 || !EMAIL.test(v))
    return 'Enter a valid email address, like name@example.com.';
  return undefined;
}
