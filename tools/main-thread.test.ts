import { readInteraction, readTasks, scriptMs } from './main-thread.cjs';

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

describe('readTasks', () => {
  const main = { ...thread, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } };
  const script = (ts: number, dur: number, tdur: number, url: string) => ({
    ...inside('EvaluateScript', ts, dur, { url }),
    tdur,
  });

  test("a long task by its CPU time x 4, and the page's script work even without long tasks", () => {
    const origin = 'http://localhost:3000';
    const events = [
      main,
      task(0, 40_000, 20_000),
      script(100, 39_000, 19_000, `${origin}/main.js`),
      task(50_000, 10_000, 5_000),
      script(50_100, 9_000, 5_000, `${origin}/275.js`),
      task(70_000, 10_000, 5_000),
      script(70_100, 9_000, 4_000, 'http://elsewhere.example/x.js'),
    ];
    const tasks = readTasks(events, { origin });
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.costMs).toBeCloseTo(80);
    // Only the origin's scripts: (19 + 5) ms x 4.
    expect(scriptMs(tasks)).toBeCloseTo(96);
    // A trace that never saw the page's scripts: nothing measured, and it says so.
    const blank = readTasks([main, task(0, 5_000, 5_000)], { origin });
    expect(blank).toEqual([]);
    expect(scriptMs(blank)).toBe(0);
  });
});
