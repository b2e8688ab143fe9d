import { ContractChecker, takeContractViolations, type Answer } from './contract-checker';
import { bearer, registerUser, useTestApp } from './test-app';

const checker = ContractChecker.fromCheckedInDocument();
const json = (body: unknown) => Buffer.from(JSON.stringify(body));
const answer = (over: Partial<Answer>): Answer => ({
  method: 'GET',
  url: '/v1/genres',
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  rawPayload: json({ status: true, message: 'Genres.', data: [] }),
  ...over,
});

describe('the contract checker', () => {
  test('passes an answer the document describes, and leaves undocumented paths alone', () => {
    expect(checker.check(answer({}))).toBeNull();
    expect(checker.check(answer({ method: 'HEAD', rawPayload: Buffer.alloc(0) }))).toBeNull();
    expect(checker.check(answer({ url: '/media/clip/master.m3u8', statusCode: 418 }))).toBeNull();
    expect(
      checker.check(
        answer({ statusCode: 404, rawPayload: json({ status: false, message: 'Not here.' }) }),
      ),
    ).toBeNull();
  });

  test('refuses a status code the operation does not list', () => {
    expect(checker.check(answer({ statusCode: 302 }))).toMatch(
      /GET \/v1\/genres answered 302, which the document does not list/,
    );
  });

  test('refuses a body that breaks the schema of its status', () => {
    expect(checker.check(answer({ rawPayload: json({ status: true, message: 'x' }) }))).toMatch(
      /GET \/v1\/genres answered 200 with a body the document's 200 schema refuses: .*data/,
    );
    expect(
      checker.check(answer({ statusCode: 429, rawPayload: json({ status: true, message: 'x' }) })),
    ).toMatch(/4XX schema refuses: \/status must be equal to one of the allowed values/);
    expect(checker.check(answer({ rawPayload: Buffer.from('not json') }))).toMatch(/not JSON/);
    expect(checker.check(answer({ headers: { 'content-type': 'text/html' } }))).toMatch(
      /as text\/html; the document lists application\/json/,
    );
  });

  test('picks the static path over a templated one, as the router does', () => {
    const search = answer({
      url: '/v1/titles/search?page=1',
      rawPayload: json({ status: true, message: 'x', data: {} }),
    });
    expect(checker.check(search)).toMatch(/GET \/v1\/titles\/search answered 200/);
  });
});

describe('every injected answer is checked', () => {
  const t = useTestApp();

  test('a wrong answer from a running route is caught: a date the contract says is a date-time', async () => {
    const u = await registerUser(t.app);
    // The serialiser writes what it is given; only an independent check notices.
    await t.app.ctx.db
      .insertInto('help_messages')
      .values({
        id: 'hlp_bad_date',
        user_id: u.user.id,
        author: 'viewer',
        body: 'hello',
        page: null,
        created_at: 'yesterday',
      })
      .execute();
    const res = await t.app.inject({ url: '/v1/help/messages', headers: bearer(u.tokens.access) });
    expect(res.statusCode).toBe(200);
    expect(takeContractViolations()).toEqual([
      expect.stringMatching(
        /GET \/v1\/help\/messages answered 200 with a body .*createdAt must match format "date-time"/,
      ),
    ]);
  });

  test('answers the document describes leave nothing behind', async () => {
    await t.app.inject({ url: '/v1/genres' });
    await t.app.inject({ url: '/v1/no-such-endpoint' });
    expect(takeContractViolations()).toEqual([]);
  });
});
