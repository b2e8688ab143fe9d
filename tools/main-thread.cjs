/**
 * The main thread of a page as a phone would run it (issue 36): a Chromium trace of a page load
 * with the CPU slowed through the DevTools Protocol, read back as tasks with what ran in them.
 * Used by the browser guard (e2e/tests/main-thread.spec.ts) and `npm run trace:main-thread`.
 *
 * The page loads at full speed and each task's cost on a phone is its thread time (CPU time)
 * times the slowdown, the model Lighthouse's mobile simulation uses. Thread time does not count
 * the time the renderer waited for a CPU, so a shared machine (CI, other jobs) inflates it far
 * less than wall time. Throttling the CPU through the protocol instead was tried: on this
 * 2-CPU VM a single script's task varied from 1.1 s to 2.9 s between identical loads.
 */

/** What Lighthouse's mobile preset simulates: a mid-range phone at a quarter of a desktop's CPU. */
const PHONE_CPU_SLOWDOWN = 4;
/** A task longer than this blocks input (the Long Tasks API and Lighthouse's TBT). */
const LONG_TASK_MS = 50;

const CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];

/** The renderer's main thread that ran the page's scripts (the page's origin), by pid/tid. */
function pageMainThread(events, origin) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const work = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key) || e.ph !== 'X') continue;
    const url = e.args?.data?.url;
    if (
      (e.name === 'EvaluateScript' || e.name === 'ParseHTML' || e.name === 'FunctionCall') &&
      url?.startsWith(origin)
    )
      work.set(key, (work.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...work.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A short name for a script or page URL: its path without the content hash. */
function shortName(url) {
  if (!url) return 'the page (no script)';
  try {
    const u = new URL(url);
    return `${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return url;
  }
}

/** What a task spent its time on: script by file, style and layout, HTML, GC (self time, ms). */
function breakdown(task, inside) {
  const parts = new Map();
  const add = (k, us) => parts.set(k, (parts.get(k) ?? 0) + us / 1000);
  // Only the outermost events count: a FunctionCall inside an EvaluateScript, or a layout a
  // script forced, is that script's time.
  let coveredUntil = 0;
  for (const e of inside) {
    if (e.ts < coveredUntil) continue;
    const d = e.args?.data ?? {};
    const known =
      /^(EvaluateScript|FunctionCall|v8\.compile|UpdateLayoutTree|Layout|RecalculateStyles|ParseHTML|MinorGC|MajorGC|V8\.GCScavenger|Paint|PrePaint|Layerize)$/.test(
        e.name,
      );
    if (known) coveredUntil = e.ts + (e.dur ?? 0);
    if (e.name === 'EvaluateScript' || e.name === 'FunctionCall' || e.name === 'v8.compile')
      add(`script ${shortName(d.url ?? e.args?.fileName)}`, e.dur ?? 0);
    else if (e.name === 'UpdateLayoutTree' || e.name === 'Layout' || e.name === 'RecalculateStyles')
      add('style and layout', e.dur ?? 0);
    else if (e.name === 'ParseHTML') add('HTML', e.dur ?? 0);
    else if (e.name === 'MinorGC' || e.name === 'MajorGC' || e.name === 'V8.GCScavenger')
      add('GC', e.dur ?? 0);
    else if (e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize')
      add('paint', e.dur ?? 0);
  }
  // Time no known event explains: name the largest other events inside (by wall time).
  const known = [...parts.values()].reduce((a, b) => a + b, 0);
  task.pageWork = known / task.wallMs;
  if (known < task.wallMs / 2) {
    const other = new Map();
    for (const e of inside)
      if (e.name !== 'RunTask')
        other.set(e.name, Math.max(other.get(e.name) ?? 0, (e.dur ?? 0) / 1000));
    const [name, ms] = [...other.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (name) parts.set(`${name}`, ms);
  }
  return [...parts.entries()]
    .map(([what, ms]) => ({ what, ms: (ms / task.wallMs) * task.costMs }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
}

/**
 * The tasks of the page's main thread in a trace (Chromium's JSON trace events), from the
 * navigation on. `slowdown` is the CPU throttling rate the trace was taken with.
 */
function readTasks(traceEvents, { origin, slowdown = PHONE_CPU_SLOWDOWN }) {
  const main = pageMainThread(traceEvents, origin);
  if (!main) return [];
  const own = traceEvents
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const tasks = own.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
  );
  const start = tasks[0]?.ts ?? 0;
  const out = [];
  // The page's own script work over the whole trace, long tasks or not (its cost on a phone): a
  // guard that reads no long task must still see that the page ran (see busyMs).
  let scriptUs = 0;
  for (const e of own)
    if (
      (e.name === 'EvaluateScript' || e.name === 'FunctionCall') &&
      e.args?.data?.url?.startsWith(origin)
    )
      scriptUs += typeof e.tdur === 'number' ? e.tdur : (e.dur ?? 0);
  let i = 0;
  let taskEnd = 0;
  for (const t of tasks) {
    // A scheduler's RunTask inside another is the same task.
    if (t.ts < taskEnd) continue;
    taskEnd = t.ts + t.dur;
    const wallMs = t.dur / 1000;
    const costMs = ((typeof t.tdur === 'number' ? t.tdur : t.dur) / 1000) * slowdown;
    if (costMs <= LONG_TASK_MS) continue;
    while (i < own.length && own[i].ts < t.ts) i += 1;
    const inside = [];
    for (let j = i; j < own.length && own[j].ts < t.ts + t.dur; j += 1)
      if (own[j] !== t) inside.push(own[j]);
    const task = { atMs: (t.ts - start) / 1000, wallMs, costMs };
    const parts = breakdown(task, inside);
    // A task the page's own work (script, style and layout, HTML, paint, GC) explains less than
    // half of is the browser's: committing the navigation, IPC ("Receive mojo message"). The floor
    // page has the same ones, and no change to the product can remove them.
    if (task.pageWork >= 0.5) out.push({ atMs: task.atMs, wallMs, costMs, parts });
  }
  // Nested events (a FunctionCall inside an EvaluateScript) count once at most: an upper bound
  // is enough for "the page's scripts ran".
  Object.defineProperty(out, 'scriptMs', { value: (scriptUs / 1000) * slowdown });
  return out;
}

/**
 * The cost on a phone of the scripts of the page's origin in a trace (readTasks' tasks): 0 when
 * the trace never saw the page's main thread run them, so a guard reading no long task knows it
 * measured something.
 */
const scriptMs = (tasks) => tasks.scriptMs ?? 0;

/** Total blocking time: the part of each task over 50 ms, summed (what Lighthouse calls TBT). */
const blockingMs = (tasks) => tasks.reduce((s, t) => s + Math.max(0, t.costMs - LONG_TASK_MS), 0);
const longestMs = (tasks) => tasks.reduce((m, t) => Math.max(m, t.costMs), 0);

/** One line per long task, longest first: "176 ms at 1.2 s: script /275.js 120 ms, style and layout 40 ms". */
function describe(tasks, top = 5) {
  return [...tasks]
    .sort((a, b) => b.costMs - a.costMs)
    .slice(0, top)
    .map(
      (t) =>
        `${Math.round(t.costMs)} ms at ${(t.atMs / 1000).toFixed(1)} s: ${
          t.parts.map((p) => `${p.what} ${Math.round(p.ms)} ms`).join(', ') || 'no script'
        }`,
    );
}

/**
 * Loads `url` in a Playwright `page` with a trace running, waits for `ready(page)` and then for
 * the main thread to go quiet, and returns the tasks that would be long on a CPU `slowdown`
 * times slower.
 */
async function traceLoad(
  browser,
  page,
  url,
  { ready, slowdown = PHONE_CPU_SLOWDOWN, settleMs = 1500 } = {},
) {
  await browser.startTracing(page, { categories: CATEGORIES });
  let traced;
  try {
    await page.goto(url);
    if (ready) await ready(page);
    await page.waitForLoadState('load');
    // Then what the page starts after its first screen (deferred chunks, the signals reporter).
    await page.waitForTimeout(settleMs);
  } finally {
    traced = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(traced.toString('utf8'));
  return readTasks(traceEvents, { origin: new URL(url).origin, slowdown });
}

/** The input events of a tap, a click or a key press: what INP times from. */
const INPUT_EVENTS = new Set([
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'keypress',
]);
/** A rendering update that produces a frame (a paint, or the pre-paint of one). */
const FRAME_EVENTS = new Set(['PrePaint', 'Paint']);

/**
 * An interaction in a trace as a phone would run it (INP's span, issue 36): from the task that
 * dispatched its first input event (pointerdown, keydown…) up to and including the task that
 * painted the next frame after its last one, each task's CPU time times `slowdown`, summed. That is
 * the handlers, what they queued before that frame (a React render, microtasks) and the frame's
 * style, layout and paint: what delays the next paint. The main thread is the one that received
 * the input. `costMs` is 0 when the trace holds no input; `painted` is false when no frame
 * followed (the cost then runs to the end of the trace).
 */
function readInteraction(traceEvents, { slowdown = PHONE_CPU_SLOWDOWN } = {}) {
  const inputs = traceEvents
    .filter((e) => e.name === 'EventDispatch' && INPUT_EVENTS.has(e.args?.data?.type))
    .sort((a, b) => a.ts - b.ts);
  if (inputs.length === 0) return { costMs: 0, painted: false, inputs: [], tasks: [] };
  const main = `${inputs[0].pid}:${inputs[0].tid}`;
  const mine = inputs.filter((e) => `${e.pid}:${e.tid}` === main);
  const own = traceEvents
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const first = mine[0].ts;
  const last = mine[mine.length - 1].ts;
  const frame = own.find((e) => FRAME_EVENTS.has(e.name) && e.ts > last);
  let taskEnd = 0;
  const tasks = [];
  for (const t of own) {
    if (t.name !== 'RunTask' && t.name !== 'ThreadControllerImpl::RunTask') continue;
    if (t.ts < taskEnd) continue;
    taskEnd = t.ts + t.dur;
    // From the task that holds the first input to the one that holds the frame.
    if (t.ts + t.dur < first || (frame && t.ts > frame.ts)) continue;
    const wallMs = t.dur / 1000;
    const costMs = ((typeof t.tdur === 'number' ? t.tdur : t.dur) / 1000) * slowdown;
    const task = { atMs: (t.ts - first) / 1000, wallMs, costMs };
    const inside = own.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur);
    tasks.push({ ...task, parts: breakdown(task, inside) });
  }
  return {
    costMs: tasks.reduce((s, t) => s + t.costMs, 0),
    painted: Boolean(frame),
    inputs: [...new Set(mine.map((e) => e.args.data.type))],
    tasks,
  };
}

/**
 * Traces `act(page)` (a click, a tap, a key press) and returns its cost on a phone
 * (`readInteraction`). `done(page)` waits for what the interaction shows, so the trace holds the
 * frame after it.
 */
async function traceInteraction(
  browser,
  page,
  act,
  { done, slowdown = PHONE_CPU_SLOWDOWN, settleMs = 300 } = {},
) {
  await browser.startTracing(page, { categories: CATEGORIES });
  let traced;
  try {
    await act(page);
    if (done) await done(page);
    await page.waitForTimeout(settleMs);
  } finally {
    traced = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(traced.toString('utf8'));
  return readInteraction(traceEvents, { slowdown });
}

module.exports = {
  PHONE_CPU_SLOWDOWN,
  LONG_TASK_MS,
  readTasks,
  blockingMs,
  longestMs,
  scriptMs,
  describe,
  traceLoad,
  readInteraction,
  traceInteraction,
};
