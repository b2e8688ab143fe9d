import { useTestApp } from '../test/test-app';

const t = useTestApp();

test('what the router refuses before any route runs still answers the envelope', async () => {
  const long = await t.app.inject({ url: `/v1/titles/${'x'.repeat(200)}` });
  expect(long.statusCode).toBe(414);
  expect(long.json()).toEqual({ status: false, message: 'That address is too long.' });
  const malformed = await t.app.inject({ url: '/v1/titles/%E0%A4%A' });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json()).toEqual({ status: false, message: 'That address is not valid.' });
});

test('unknown paths and broken JSON answer the envelope', async () => {
  const unknown = await t.app.inject({ url: '/v1/no-such-thing' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ status: false, message: expect.any(String) });
  const broken = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(broken.statusCode).toBe(400);
  expect(broken.json()).toEqual({ status: false, message: 'The request body is not valid JSON.' });
});
