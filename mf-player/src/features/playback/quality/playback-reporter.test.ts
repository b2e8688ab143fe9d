import type { PlaybackReportBody } from '../api/send-playback-report';
import { PlaybackReporter, REPORT_INTERVAL_MS, type ReporterClock } from './playback-reporter';

/** A clock the test moves by hand; timers fire when it passes them. */
function fakeClock() {
  let now = 1_000_000;
  let timers: Array<{ at: number; fn: () => void }> = [];
  const clock: ReporterClock = {
    now: () => now,
    after: (ms, fn) => {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    due.forEach((t) => t.fn());
  };
  return { clock, advance, pending: () => timers.length };
}

function setup() {
  const sent: PlaybackReportBody[] = [];
  const time = fakeClock();
  const reporter = new PlaybackReporter('t-1', (body) => sent.push(body), time.clock);
  return { sent, reporter, ...time };
}

test('a session without trouble sends two reports: the first frame, then a summary on leaving', () => {
  const { sent, reporter } = setup();
  reporter.record({ type: 'played', seconds: 0.25, height: 360 });
  expect(sent).toEqual([]);
  reporter.record({ type: 'first-frame', startupMs: 843, height: 360 });
  expect(sent).toEqual([
    {
      titleId: 't-1',
      startup: { seconds: 0.843, height: 360 },
      watched: [{ seconds: 0.3, height: 360 }],
    },
  ]);
  for (let i = 0; i < 40; i += 1) reporter.record({ type: 'played', seconds: 0.25, height: 360 });
  reporter.record({ type: 'switch', fromHeight: 360, toHeight: 720 });
  for (let i = 0; i < 8; i += 1) reporter.record({ type: 'played', seconds: 0.25, height: 720 });
  expect(sent).toHaveLength(1);
  reporter.flush();
  expect(sent[1]).toEqual({
    titleId: 't-1',
    switches: [{ fromHeight: 360, toHeight: 720 }],
    watched: [
      { seconds: 10, height: 360 },
      { seconds: 2, height: 720 },
    ],
  });
  // Nothing new: nothing sent.
  reporter.flush();
  expect(sent).toHaveLength(2);
});

test('a stall goes at once, unless a report just went: then the stalls of the next 30 s go together', () => {
  const { sent, reporter, advance, pending } = setup();
  reporter.record({ type: 'first-frame', startupMs: 1200, height: 360 });
  advance(5_000);
  reporter.record({ type: 'stall', seconds: 1.234, height: 720 });
  expect(sent).toHaveLength(1);
  expect(pending()).toBe(1);
  advance(10_000);
  reporter.record({ type: 'stall', seconds: 0.5, height: 720 });
  reporter.record({ type: 'error', kind: 'network', fatal: false, height: 720 });
  expect(pending()).toBe(1);
  advance(REPORT_INTERVAL_MS - 15_000);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual({
    titleId: 't-1',
    stalls: [
      { seconds: 1.23, height: 720 },
      { seconds: 0.5, height: 720 },
    ],
    errors: [{ kind: 'network', fatal: false, height: 720 }],
  });
  // Long after the last report, the next stall is sent at once.
  advance(REPORT_INTERVAL_MS);
  reporter.record({ type: 'stall', seconds: 3, height: 360 });
  expect(sent).toHaveLength(3);
});

test('leaving sends what waits for the timer at once; a fatal error before the first frame is reported', () => {
  const { sent, reporter, advance, pending } = setup();
  reporter.record({ type: 'error', kind: 'decode', fatal: true, height: 0 });
  expect(sent).toEqual([{ titleId: 't-1', errors: [{ kind: 'decode', fatal: true, height: 0 }] }]);
  reporter.record({ type: 'stall', seconds: 2, height: 0 });
  expect(pending()).toBe(1);
  reporter.flush();
  expect(pending()).toBe(0);
  expect(sent[1]).toEqual({ titleId: 't-1', stalls: [{ seconds: 2, height: 0 }] });
  advance(REPORT_INTERVAL_MS);
  expect(sent).toHaveLength(2);
});

test('reports stay inside what the API accepts', () => {
  const { sent, reporter } = setup();
  reporter.record({ type: 'first-frame', startupMs: 900_000, height: 360 });
  expect(sent[0]!.startup).toEqual({ seconds: 600, height: 360 });
  // A full list goes at once instead of growing past the API's limit.
  for (let i = 0; i < 20; i += 1) reporter.record({ type: 'stall', seconds: 0.1, height: 360 });
  expect(sent).toHaveLength(2);
  expect(sent[1]!.stalls).toHaveLength(20);
  for (let i = 0; i < 50; i += 1)
    reporter.record({ type: 'switch', fromHeight: 360, toHeight: 720 });
  expect(sent[2]!.switches).toHaveLength(50);
  // More heights than a report lists: the extra seconds join a height already listed.
  for (let h = 1; h <= 12; h += 1) reporter.record({ type: 'played', seconds: 1, height: h * 100 });
  reporter.flush();
  const watched = sent[3]!.watched!;
  expect(watched).toHaveLength(10);
  expect(watched.reduce((sum, w) => sum + w.seconds, 0)).toBe(12);
});
