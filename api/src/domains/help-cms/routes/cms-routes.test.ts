import { bearer, callAs, postTo, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();
let a: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  a = await registerUser(t.app);
});

const post = postTo(() => t.app);
const call = callAs(
  () => t.app,
  () => a.tokens.access,
);

const signUps = (email: string) =>
  t.app.ctx.db
    .selectFrom('marketing_signups')
    .select(['email', 'type'])
    .where('email', '=', email)
    .orderBy('type')
    .execute();

test('the privacy policy and the terms are served as titled pages with sections', async () => {
  for (const url of ['/v1/cms/privacy-policy', '/v1/cms/terms']) {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.message).toBe(body.data.title);
    expect(body.data.sections.length).toBeGreaterThan(0);
    for (const s of body.data.sections) {
      expect(s.heading).toEqual(expect.any(String));
      expect(s.body.length).toBeGreaterThan(0);
    }
  }
  const privacy = (await t.app.inject({ url: '/v1/cms/privacy-policy' })).json().data.title;
  const terms = (await t.app.inject({ url: '/v1/cms/terms' })).json().data.title;
  expect(privacy).not.toBe(terms);
});

test('a marketing sign-up is stored once per email and type, with the email normalised', async () => {
  const email = `Fan-${Date.now()}@Example.COM`;
  const normal = email.toLowerCase();
  const send = (type: string, address = email) =>
    t.app.inject({ method: 'POST', url: '/v1/cms/marketing', payload: { type, email: address } });
  const first = await send('newsletter');
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ status: true, message: "Thanks! You're on the list." });
  expect((await send('newsletter', `  ${normal}`)).statusCode).toBe(400);
  expect((await send('newsletter', normal)).statusCode).toBe(200);
  expect((await send('offers')).statusCode).toBe(200);
  expect(await signUps(normal)).toEqual([
    { email: normal, type: 'newsletter' },
    { email: normal, type: 'offers' },
  ]);
});

test('a marketing sign-up with a bad email or an unknown type is refused and stores nothing', async () => {
  const email = `nobody-${Date.now()}@example.com`;
  for (const payload of [
    { type: 'newsletter', email: 'not-an-email' },
    { type: 'spam', email },
    { email },
  ]) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/cms/marketing', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  }
  expect(await signUps(email)).toEqual([]);
});

test('a log report is accepted from a guest and attributed to a signed-in viewer', async () => {
  const u = await registerUser(t.app);
  const report = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/v1/log-report', headers, payload });
  const guest = await report(
    { 'user-agent': 'jest' },
    { kind: 'client-error', message: 'Boom', details: { code: 7 } },
  );
  expect(guest.statusCode).toBe(202);
  expect(guest.json()).toMatchObject({
    status: true,
    message: 'Thanks, we got your report.',
    data: { id: expect.any(String) },
  });
  const viewer = await report(bearer(u.tokens.access), {
    kind: 'report-problem',
    message: 'No sound',
    titleId: 't1',
  });
  expect(viewer.statusCode).toBe(202);
  const rows = await t.app.ctx.db
    .selectFrom('log_reports')
    .selectAll()
    .where('id', 'in', [guest.json().data.id, viewer.json().data.id])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(guest.json().data.id)).toMatchObject({
    user_id: null,
    kind: 'client-error',
    message: 'Boom',
    details_json: '{"code":7}',
    user_agent: 'jest',
  });
  expect(byId.get(viewer.json().data.id)).toMatchObject({
    user_id: u.user.id,
    kind: 'report-problem',
    title_id: 't1',
    episode_id: null,
  });
});

test('a log report with an unknown kind or an empty message is a 400', async () => {
  for (const payload of [
    { kind: 'rant', message: 'x' },
    { kind: 'other', message: '' },
  ]) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/log-report', payload });
    expect(res.statusCode).toBe(400);
  }
});

describe('cms and reports', () => {
  test('privacy policy', async () => {
    const res = await t.app.inject('/v1/cms/privacy-policy');
    expect(res.json()).toMatchObject({
      status: true,
      data: { title: 'Privacy Policy', sections: expect.any(Array) },
    });
  });

  test('marketing sign-up validates type and email', async () => {
    const signUp = { type: 'newsletter', email: 'fan@example.com' };
    expect((await post('/cms/marketing', signUp)).statusCode).toBe(200);
    // Signing up again is not an error.
    expect((await post('/cms/marketing', signUp)).statusCode).toBe(200);
    const bad = await post('/cms/marketing', { type: 'spam', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
  });

  test('log-report accepts guests and users', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/v1/log-report',
      payload: {
        kind: 'playback-error',
        message: 'Stalled',
        titleId: 't-free',
        details: { code: 3 },
      },
    });
    expect(guest.statusCode).toBe(202);
    const user = await call('POST', '/log-report', {
      kind: 'report-problem',
      message: 'Audio out of sync',
    });
    expect(user.statusCode).toBe(202);
    const row = await t.app.ctx.db
      .selectFrom('log_reports')
      .selectAll()
      .where('id', '=', user.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(a.user.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/log-report',
          payload: { kind: 'x', message: '' },
        })
      ).statusCode,
    ).toBe(400);
  });

  test('unknown paths answer a 404 envelope', async () => {
    const res = await t.app.inject('/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
  });
});
