import { InProcessBus, MAX_PAYLOAD_BYTES } from '../../../lib/cluster-bus';
import { PushHub, type FcmSender, type PushMessage } from './push';

/**
 * Two hubs on one bus stand for two API instances (on PostgreSQL the bus is LISTEN/NOTIFY, see
 * cluster-bus.pg.test.ts and the multi-instance test): each acts on the streams it holds.
 */
const message: PushMessage = {
  id: 'ntf_1',
  title: 'Password changed',
  body: 'Your password was changed.',
  link: null,
  kind: 'account',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function instances() {
  const bus = new InProcessBus();
  const send = jest.fn(async () => ['dead-token']);
  const fcm = { send } as unknown as FcmSender;
  return { a: new PushHub(fcm, bus), b: new PushHub(fcm, bus), send };
}

test('a notification published on one instance reaches the stream another holds; FCM is sent once', async () => {
  const { a, b, send } = instances();
  const received: PushMessage[] = [];
  a.subscribe('u1', (m) => received.push(m), { sessionId: 's1', end: () => undefined });
  const dead = await b.publish('u1', message, ['token-1', 'dead-token']);
  expect(received).toEqual([message]);
  expect(send).toHaveBeenCalledTimes(1);
  expect(send).toHaveBeenCalledWith(['token-1', 'dead-token'], message);
  expect(dead).toEqual(['dead-token']);
  // Another viewer's stream hears nothing.
  const other: PushMessage[] = [];
  b.subscribe('u2', (m) => other.push(m), { sessionId: 's2', end: () => undefined });
  await a.publish('u1', message);
  expect(other).toEqual([]);
});

test('ending sessions on one instance ends their streams on every instance, and only theirs', async () => {
  const { a, b } = instances();
  const ended: string[] = [];
  const open = (hub: PushHub, sessionId: string) =>
    hub.subscribe('u1', () => undefined, { sessionId, end: () => ended.push(sessionId) });
  open(a, 'revoked-1');
  open(b, 'revoked-2');
  open(a, 'kept');
  await b.endSessions(['revoked-1', 'revoked-2']);
  expect(ended.sort()).toEqual(['revoked-1', 'revoked-2']);
  expect(a.connections('u1')).toBe(1);
  expect(b.connections('u1')).toBe(0);
});

test('logout-all of many sessions is announced in events under the bus size limit', async () => {
  const bus = new InProcessBus();
  const sizes: number[] = [];
  bus.subscribe('sessions_ended', ({ sessionIds }) => {
    sizes.push(Buffer.byteLength(JSON.stringify({ sessionIds })));
  });
  const hub = new PushHub(null, bus);
  const ids = Array.from({ length: 450 }, (_, i) => `ses_${'x'.repeat(24)}${i}`);
  await hub.endSessions(ids);
  expect(sizes.length).toBe(5);
  expect(Math.max(...sizes)).toBeLessThan(MAX_PAYLOAD_BYTES);
});
