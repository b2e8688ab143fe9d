import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { bearer, registerUser, useTestApp } from '../test/test-app';

const t = useTestApp();

const boundary = '----streamflix-security';
const form = (data: Buffer, name = 'me.png', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

const upload = (token: string, data: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/users/uploadImages',
    payload: form(data),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e50914' } })
    .png()
    .toBuffer();

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG whose header claims other dimensions (a decompression bomb's calling card). */
function withClaimedSize(image: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(image);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type + data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

const avatarsDir = () => path.join(t.dataDir, 'uploads', 'avatars');

describe('finding 10: avatars are decoded and re-encoded', () => {
  test('a PNG signature followed by HTML is refused', async () => {
    const u = await registerUser(t.app);
    const polyglot = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload(u.tokens.access, polyglot);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('image');
  });

  test('what is stored is new pixels only: a small WebP, nothing appended survives', async () => {
    const u = await registerUser(t.app);
    const payload = Buffer.concat([await png(1200, 800), Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(u.tokens.access, payload);
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json().data.avatarUrl as string;
    // A path on this API, never an origin taken from the request.
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    expect(res.json().data.user.avatarUrl).toBe(avatarUrl);
    const served = await t.app.inject({ url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  test('a picture claiming too many pixels is refused before it is decoded', async () => {
    const u = await registerUser(t.app);
    const res = await upload(u.tokens.access, withClaimedSize(await png(4, 4), 50_000, 50_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too large/);
  });

  test('the previous file is deleted, and removing the avatar deletes it too', async () => {
    const u = await registerUser(t.app);
    const mine = () => readdirSync(avatarsDir()).filter((f) => f.startsWith(`${u.user.id}-`));
    const first = (await upload(u.tokens.access, await png(64, 64))).json().data.avatarUrl;
    const second = (await upload(u.tokens.access, await png(64, 64))).json().data.avatarUrl;
    expect(first).not.toBe(second);
    expect(mine()).toEqual([path.basename(second)]);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { avatarUrl: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(mine()).toEqual([]);
  });

  test('uploads are limited per user', async () => {
    const u = await registerUser(t.app);
    const image = await png(8, 8);
    for (let i = 0; i < 10; i++)
      expect((await upload(u.tokens.access, image)).statusCode).toBe(200);
    const limited = await upload(u.tokens.access, image);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(readdirSync(avatarsDir()).filter((f) => f.startsWith(`${u.user.id}-`))).toHaveLength(1);
  });

  test('avatars stored as absolute URLs before are returned as paths', async () => {
    const u = await registerUser(t.app);
    await t.app.ctx.db
      .updateTable('users')
      .set({ avatar_url: 'http://evil.example/uploads/avatars/old.png' })
      .where('id', '=', u.user.id)
      .execute();
    const res = await t.app.inject({
      url: `/v1/users/${u.user.id}`,
      headers: bearer(u.tokens.access),
    });
    expect(res.json().data.avatarUrl).toBe('/uploads/avatars/old.png');
    expect(existsSync(avatarsDir())).toBe(true);
  });
});

describe('finding 10: security headers', () => {
  test('the API sends the usual security headers and still serves media cross-origin', async () => {
    const origin = 'http://localhost:3000';
    const played = await t.app.inject('/v1/playback/t-free');
    for (const url of [
      '/v1/genres',
      new URL(played.json().data.stream.url as string).pathname,
      '/v1/artwork/t-free/poster.svg',
    ]) {
      const res = await t.app.inject({ url, headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        // <img> and <video> on the web app's origin must still load these.
        'cross-origin-resource-policy': 'cross-origin',
        'access-control-allow-origin': origin,
      });
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    }
  });
});
