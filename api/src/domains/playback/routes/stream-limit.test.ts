import { bearer, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';

const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });
const { subscribedTo } = billingHelpers(() => t.app);

type Viewer = Awaited<ReturnType<typeof subscribedTo>>;

/** Another device of the same account: a separate sign-in, so a separate session. */
async function device(v: Viewer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: v.email, password: v.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.tokens.access as string;
}
const play = (token: string, titleId = 't-premium') =>
  t.app.inject({ url: `/v1/playback/${titleId}`, headers: bearer(token) });
const call = (token: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/v1${url}`, headers: bearer(token), payload });

describe('concurrent streams follow the plan', () => {
  test('Basic: a second device is refused with the name of the profile watching, until the first stops', async () => {
    const v = await subscribedTo('basic-monthly');
    const kid = await call(v.tokens.access, 'POST', '/profiles', {
      name: 'Sam',
      password: v.password,
    });
    const tv = await device(v);
    expect((await call(tv, 'POST', `/profiles/${kid.json().data.id}/select`, {})).statusCode).toBe(
      200,
    );
    expect((await play(tv, 't-free')).statusCode).toBe(200);

    const phone = await device(v);
    const refused = await play(phone);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Sam is watching on another device\. Your Basic plan streams on 1 screen at a time/,
    );
    expect(refused.json().errors).toEqual({ entitlement: 'too_many_streams', profile: 'Sam' });

    // The same device moving to another title keeps its one screen.
    expect((await play(tv, 't-series-premium')).statusCode).toBe(200);

    // The TV's player closes: the phone may watch, and now the TV is the one refused.
    expect((await call(tv, 'DELETE', '/playback/screen')).statusCode).toBe(200);
    expect((await play(phone)).statusCode).toBe(200);
    expect((await play(tv, 't-free')).statusCode).toBe(409);
  });

  test('a screen nobody reports progress on frees itself; progress keeps it; a second device is stopped at renewal', async () => {
    const v = await subscribedTo('basic-monthly');
    const a = await device(v);
    const b = await device(v);
    const lapse = () =>
      t.app.ctx.db
        .updateTable('stream_leases')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', v.user.id)
        .execute();
    const report = () =>
      call(a, 'POST', '/titles/createLog/t-premium', { position: 30, duration: 600 });
    expect((await play(a)).statusCode).toBe(200);
    // A long pause let the screen lapse; the next progress report takes it back while it is free.
    await lapse();
    expect((await report()).statusCode).toBe(200);
    expect((await play(b)).statusCode).toBe(409);
    // A minute without a report (a long pause): the other device may watch, and A's next report
    // (its heartbeat) is refused with who is watching, which the player shows.
    await lapse();
    expect((await play(b)).statusCode).toBe(200);
    const refused = await report();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toMatchObject({ entitlement: 'too_many_streams' });
    expect(refused.json().message).toMatch(/is watching on another device/);
    expect((await play(a)).statusCode).toBe(409);
  });

  test('signing a device out frees its screen', async () => {
    const v = await subscribedTo('basic-monthly');
    const a = await device(v);
    expect((await play(a)).statusCode).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', {})).statusCode).toBeLessThan(300);
    expect((await play(v.tokens.access)).statusCode).toBe(200);
  });

  test('Premium: four screens at a time', async () => {
    const v = await subscribedTo('premium-monthly');
    const devices = [v.tokens.access, ...(await Promise.all([1, 2, 3, 4].map(() => device(v))))];
    for (const d of devices.slice(0, 4)) expect((await play(d)).statusCode).toBe(200);
    const fifth = await play(devices[4]!);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toMatch(/streams on 4 screens at a time/);
  });

  test('two devices starting at the same moment: exactly one gets the last screen', async () => {
    const v = await subscribedTo('basic-monthly');
    const [a, b] = [await device(v), await device(v)];
    const codes = (await Promise.all([play(a), play(b)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });
});
