import { callOperation } from '@streamflix/shared';
import { helpCall } from './help-call';

jest.mock('@streamflix/shared', () => ({
  callOperation: jest.fn(async () => ({ status: true, message: 'ok', data: null })),
  getAccessToken: () => null,
}));

const called = callOperation as jest.Mock;

beforeEach(() => called.mockClear());

test('a guest writes with an email address, without a token', async () => {
  const body = { email: 'ada@example.com', message: 'Hello', page: '/' };
  await helpCall('POST', '/help/guest-messages', body);
  expect(called).toHaveBeenCalledWith('POST /help/guest-messages', { body, kind: 'guest' });
});

test('a viewer reads and writes their conversation', async () => {
  await helpCall('GET', '/help/messages');
  await helpCall('POST', '/help/messages', { message: 'Hi' });
  expect(called.mock.calls).toEqual([
    ['GET /help/messages'],
    ['POST /help/messages', { body: { message: 'Hi' } }],
  ]);
});

test('nothing else of the API is reachable from the widget', async () => {
  const r = await helpCall('GET', '/users/u1');
  expect(r).toEqual({ status: false, message: 'The help widget cannot call /users/u1.' });
  expect(await helpCall('GET', '/help/guest-messages')).toMatchObject({ status: false });
  expect(called).not.toHaveBeenCalled();
});
