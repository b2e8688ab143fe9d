import { ContractChecker } from './contract-checker';

/** The checker must catch what it exists to catch, or every test that relies on it proves nothing. */
describe("the control plane's contract checker", () => {
  const checker = ContractChecker.fromCheckedInDocument();
  const answer = (statusCode: number, body: unknown, url = '/v1/environments/staging') => ({
    method: 'GET',
    url,
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? '' : JSON.stringify(body),
  });

  test('refuses a body the document does not promise, a code it does not list, a missing body', () => {
    expect(checker.check(answer(200, { environment: 'staging', revision: 'one' }))).toMatch(
      /GET \/v1\/environments\/\{environment\} answered 200 with a body the document's 200 schema refuses/,
    );
    expect(checker.check(answer(404, { message: 'no error code' }))).toMatch(/4XX schema refuses/);
    expect(checker.check(answer(200, undefined))).toMatch(/without a body/);
    expect(checker.check({ ...answer(302, {}), method: 'GET' })).toMatch(/does not list/);
  });

  test('accepts what the document promises; paths it does not describe are not its to judge', () => {
    expect(checker.check(answer(304, undefined))).toBeNull();
    expect(checker.check(answer(404, { error: 'not-found', message: 'No.' }))).toBeNull();
    expect(checker.check(answer(200, {}, '/v1/openapi.json'))).toBeNull();
  });
});
