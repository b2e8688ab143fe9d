import {
  openLocalPushChannel,
  reconnectDelay,
  RECONNECT_MAX_MS,
  type EventSourceLike,
  type TicketResult,
} from './local-push-channel';
import type { PushMessage } from './push-message';

class FakeSource implements EventSourceLike {
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '', lastEventId = '') {
    for (const l of this.listeners.get(type) ?? [])
      l({ data, lastEventId } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
}

/** A channel over fakes: tickets come from a queue, timers run when the test says so. */
function harness(tickets: TicketResult[]) {
  const sources: FakeSource[] = [];
  const delivered: PushMessage[] = [];
  const connection: string[] = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const requestTicket = jest.fn(async () => tickets.shift() ?? { kind: 'retry' as const });
  const stop = openLocalPushChannel({
    requestTicket,
    open: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    deliver: (m) => delivered.push(m),
    onConnection: (state) => connection.push(state),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    random: () => 1,
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const fireTimer = async () => {
    const t = timers.shift()!;
    if (!t.cancelled) t.run();
    await flush();
    return t.ms;
  };
  return { sources, delivered, connection, timers, requestTicket, stop, flush, fireTimer };
}

const ok = (n: number): TicketResult => ({
  kind: 'ok',
  url: `https://api.test/v1/stream?ticket=t${n}`,
});

it('opens the stream with a ticket and delivers notifications', async () => {
  const h = harness([ok(1)]);
  await h.flush();
  expect(h.sources[0]!.url).toContain('ticket=t1');
  h.sources[0]!.emit(
    'notification',
    JSON.stringify({
      id: 'ntf_1',
      title: 'Password changed',
      body: 'If this was not you…',
      link: '/profile',
    }),
  );
  h.sources[0]!.emit('notification', 'not json');
  h.sources[0]!.emit('notification', JSON.stringify({ id: 'ntf_2', body: 'no title' }));
  expect(h.delivered).toEqual([
    { id: 'ntf_1', title: 'Password changed', body: 'If this was not you…', link: '/profile' },
  ]);
  h.stop();
  expect(h.sources[0]!.closed).toBe(true);
});

it('after a drop, reconnects with backoff and a fresh ticket each time (never the spent one)', async () => {
  const h = harness([ok(1), { kind: 'retry' }, ok(2)]);
  await h.flush();
  h.sources[0]!.emit('error');
  expect(h.sources[0]!.closed).toBe(true);
  expect(await h.fireTimer()).toBe(1000);
  // The ticket request failed (offline): wait longer.
  expect(await h.fireTimer()).toBe(2000);
  expect(h.requestTicket).toHaveBeenCalledTimes(3);
  expect(h.sources.map((s) => s.url)).toEqual([
    'https://api.test/v1/stream?ticket=t1',
    'https://api.test/v1/stream?ticket=t2',
  ]);
  // A stream that came up resets the backoff.
  h.sources[1]!.emit('ready');
  h.sources[1]!.emit('error');
  expect(await h.fireTimer()).toBe(1000);
  h.stop();
});

it('stays closed once the session is over (the refresh failed), until it is started again', async () => {
  const h = harness([ok(1), { kind: 'signed-out' }]);
  await h.flush();
  h.sources[0]!.emit('error');
  await h.fireTimer();
  expect(h.timers).toHaveLength(0);
  expect(h.sources).toHaveLength(1);
});

it('stop cancels a pending reconnect', async () => {
  const h = harness([ok(1), ok(2)]);
  await h.flush();
  h.sources[0]!.emit('error');
  h.stop();
  await h.fireTimer();
  expect(h.sources).toHaveLength(1);
});

it('backs off exponentially with jitter, capped', () => {
  expect(reconnectDelay(0, () => 0)).toBe(500);
  expect(reconnectDelay(3, () => 1)).toBe(8000);
  expect(reconnectDelay(30, () => 1)).toBe(RECONNECT_MAX_MS);
});

it('resumes after a drop from the last event id it saw, so the API replays what was missed', async () => {
  const h = harness([ok(1), ok(2), ok(3)]);
  await h.flush();
  expect(h.sources[0]!.url).not.toContain('lastEventId');
  h.sources[0]!.emit('ready', '{}', 'ntf_0');
  h.sources[0]!.emit('notification', JSON.stringify({ id: 'ntf_1', title: 'One' }), 'ntf_1');
  h.sources[0]!.emit('error');
  // The first retry comes within a second of the drop.
  expect(await h.fireTimer()).toBeLessThanOrEqual(1000);
  expect(h.sources[1]!.url).toBe('https://api.test/v1/stream?ticket=t2&lastEventId=ntf_1');
  // A stream that dropped before any event resumes from the same id, not from nothing.
  h.sources[1]!.emit('error');
  await h.fireTimer();
  expect(h.sources[2]!.url).toBe('https://api.test/v1/stream?ticket=t3&lastEventId=ntf_1');
  h.stop();
});

it('says it is reconnecting from a drop until the next stream is ready, and live when stopped', async () => {
  const h = harness([ok(1), { kind: 'retry' }, ok(2)]);
  await h.flush();
  h.sources[0]!.emit('ready', '{}', 'start');
  expect(h.connection).toEqual([]);
  h.sources[0]!.emit('error');
  expect(h.connection).toEqual(['reconnecting']);
  await h.fireTimer();
  await h.fireTimer();
  expect(h.connection).toEqual(['reconnecting']);
  h.sources[1]!.emit('ready', '{}', 'start');
  expect(h.connection).toEqual(['reconnecting', 'live']);
  h.sources[1]!.emit('error');
  h.stop();
  expect(h.connection).toEqual(['reconnecting', 'live', 'reconnecting', 'live']);
});
