import { readInteraction } from './main-thread.cjs';

/** A trace's main thread: tasks (ts, dur, CPU time in µs) and the events inside them. */
const thread = { pid: 1, tid: 2 };
const task = (ts: number, dur: number, tdur: number) => ({
  ...thread,
  ph: 'X',
  name: 'ThreadControllerImpl::RunTask',
  ts,
  dur,
  tdur,
});
const inside = (name: string, ts: number, dur: number, data: object = {}) => ({
  ...thread,
  ph: 'X',
  name,
  ts,
  dur,
  args: { data },
});
const input = (type: string, ts: number) => inside('EventDispatch', ts, 1000, { type });

describe('readInteraction', () => {
  test('counts the tasks from the first input to the frame after the last, CPU time x 4', () => {
    const events = [
      task(0, 5_000, 4_000), // before the input: not counted
      task(10_000, 30_000, 20_000),
      inside('PrePaint', 10_100, 500), // the frame before the input, in the same task
      input('pointerdown', 11_000),
      input('mouseup', 12_000),
      input('click', 13_000),
      inside('FunctionCall', 13_100, 20_000, { url: 'http://localhost:3000/275.js' }),
      task(50_000, 10_000, 5_000), // a render the click queued
      inside('FunctionCall', 50_100, 9_000, { url: 'http://localhost:3000/275.js' }),
      task(70_000, 8_000, 6_000), // the next frame
      inside('Paint', 70_500, 5_000),
      task(90_000, 40_000, 40_000), // after the frame: not counted
    ];
    const result = readInteraction(events);
    expect(result.painted).toBe(true);
    expect(result.inputs).toEqual(['pointerdown', 'mouseup', 'click']);
    expect(result.tasks).toHaveLength(3);
    expect(result.costMs).toBeCloseTo((20 + 5 + 6) * 4);
    expect(result.tasks[0]!.parts[0]!.what).toBe('script :3000/275.js');
  });

  test('without a frame after the input, counts to the end and says so', () => {
    const events = [task(0, 10_000, 10_000), input('keydown', 100), task(20_000, 5_000, 5_000)];
    const result = readInteraction(events, { slowdown: 2 });
    expect(result.painted).toBe(false);
    expect(result.costMs).toBeCloseTo((10 + 5) * 2);
  });

  test('a trace without input costs nothing', () => {
    expect(readInteraction([task(0, 90_000, 90_000)])).toMatchObject({ costMs: 0, tasks: [] });
  });
});
