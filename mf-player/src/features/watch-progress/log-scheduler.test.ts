import { type LogRequest, WatchLogScheduler } from './log-scheduler';

function setup(interval?: number) {
  jest.useFakeTimers();
  let position = 0;
  const sent: LogRequest[] = [];
  const scheduler = new WatchLogScheduler({
    snapshot: () => ({ position, duration: 100 }),
    send: (r) => sent.push(r),
    intervalMs: interval,
  });
  return {
    scheduler,
    sent,
    at: (p: number) => {
      position = p;
    },
  };
}

afterEach(() => jest.useRealTimers());

describe('WatchLogScheduler', () => {
  it('logs every interval while playing and stops when paused', () => {
    const { scheduler, sent, at } = setup();
    scheduler.play();
    at(12);
    jest.advanceTimersByTime(12_000);
    at(24);
    jest.advanceTimersByTime(12_000);
    expect(sent.map((s) => [s.reason, s.position])).toEqual([
      ['interval', 12],
      ['interval', 24],
    ]);
    at(30);
    scheduler.pause();
    jest.advanceTimersByTime(60_000);
    expect(sent.map((s) => s.reason)).toEqual(['interval', 'interval', 'pause']);
    expect(sent[2]).toMatchObject({ position: 30, keepalive: false, completed: false });
  });

  it('logs at once on seek and skips a log when the position has not moved', () => {
    const { scheduler, sent, at } = setup();
    at(50);
    scheduler.seeked();
    scheduler.pause();
    expect(sent.map((s) => s.reason)).toEqual(['seek']);
  });

  it('uses keepalive when the tab is hidden, the page unloads or the episode changes', () => {
    const { scheduler, sent, at } = setup();
    at(10);
    scheduler.hidden();
    at(11);
    scheduler.unload();
    at(12);
    scheduler.episodeChange();
    expect(sent.map((s) => [s.reason, s.keepalive])).toEqual([
      ['hidden', true],
      ['unload', true],
      ['episode-change', true],
    ]);
  });

  it('marks the end as completed and stops the timer', () => {
    const { scheduler, sent, at } = setup();
    scheduler.play();
    at(100);
    scheduler.ended();
    expect(scheduler.playing).toBe(false);
    expect(sent).toEqual([
      { reason: 'ended', position: 100, duration: 100, keepalive: false, completed: true },
    ]);
  });

  it('sends nothing while no media is loaded', () => {
    const sent: LogRequest[] = [];
    const scheduler = new WatchLogScheduler({ snapshot: () => null, send: (r) => sent.push(r) });
    scheduler.pause();
    scheduler.unload();
    expect(sent).toEqual([]);
  });

  it('defaults to an interval between 10 and 15 seconds', () => {
    const { scheduler, sent, at } = setup(undefined);
    scheduler.play();
    at(9);
    jest.advanceTimersByTime(9_999);
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(5_001);
    expect(sent).toHaveLength(1);
    scheduler.dispose();
  });
});
