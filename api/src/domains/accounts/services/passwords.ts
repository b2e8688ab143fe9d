import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** OWASP: scrypt N=2^17, r=8, p=1. The parameters are stored with the hash so they can be raised later. */
export async function hashPassword(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await scrypt(password, salt, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
  return `scrypt$${log2N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !saltText || !keyText) return false;
  const N = 2 ** Number(log2N);
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown accounts so a login's timing doesn't reveal whether the email exists. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string, log2N: number): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password', log2N);
  await verifyPassword(password, await dummyHash);
}
