import { queryClient } from '@streamflix/shared';
import { afterFirstScreen, oneTaskEach } from './first-screen';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test("waits while the first screen's queries are in flight, then runs once", () => {
  const fetching = jest.spyOn(queryClient, 'isFetching').mockReturnValue(1);
  const run = jest.fn();
  afterFirstScreen(run);
  jest.advanceTimersByTime(1000);
  expect(run).not.toHaveBeenCalled();
  fetching.mockReturnValue(0);
  jest.advanceTimersByTime(500);
  expect(run).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(5000);
  expect(run).toHaveBeenCalledTimes(1);
});

test('waits for the eagerly loaded images, not the lazy ones', () => {
  jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
  const poster = document.createElement('img');
  const below = document.createElement('img');
  below.loading = 'lazy';
  Object.defineProperty(below, 'complete', { value: false });
  let complete = false;
  Object.defineProperty(poster, 'complete', { get: () => complete });
  document.body.append(poster, below);
  const run = jest.fn();
  afterFirstScreen(run);
  jest.advanceTimersByTime(1000);
  expect(run).not.toHaveBeenCalled();
  complete = true;
  jest.advanceTimersByTime(500);
  expect(run).toHaveBeenCalledTimes(1);
  poster.remove();
  below.remove();
});

test("waits while the route's screen is still loading (its fallback on view), with nothing in flight", () => {
  jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
  const fallback = document.createElement('div');
  fallback.setAttribute('data-screen-loading', '');
  document.body.append(fallback);
  const run = jest.fn();
  afterFirstScreen(run);
  jest.advanceTimersByTime(1000);
  expect(run).not.toHaveBeenCalled();
  fallback.remove();
  jest.advanceTimersByTime(500);
  expect(run).toHaveBeenCalledTimes(1);
});

test("a hidden loading screen (a title page's, shown only under a ceiling) is not waited for", () => {
  jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
  const hidden = document.createElement('div');
  hidden.setAttribute('data-screen-loading', '');
  hidden.hidden = true;
  document.body.append(hidden);
  const run = jest.fn();
  afterFirstScreen(run);
  jest.advanceTimersByTime(1000);
  expect(run).toHaveBeenCalledTimes(1);
  hidden.remove();
});

test('runs after the time limit even if a query never settles', () => {
  jest.spyOn(queryClient, 'isFetching').mockReturnValue(1);
  const now = jest.spyOn(performance, 'now').mockReturnValue(0);
  const run = jest.fn();
  afterFirstScreen(run);
  jest.advanceTimersByTime(300);
  expect(run).not.toHaveBeenCalled();
  now.mockReturnValue(7000);
  jest.advanceTimersByTime(300);
  expect(run).toHaveBeenCalledTimes(1);
});

test('a cancelled wait never runs', () => {
  jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
  const run = jest.fn();
  const cancel = afterFirstScreen(run);
  cancel();
  jest.advanceTimersByTime(10_000);
  expect(run).not.toHaveBeenCalled();
});

describe('oneTaskEach', () => {
  test('runs the steps in order, one task each', () => {
    const ran: string[] = [];
    oneTaskEach(['analytics', 'chat', 'push'].map((name) => () => ran.push(name)));
    expect(ran).toEqual(['analytics']);
    jest.advanceTimersToNextTimer();
    expect(ran).toEqual(['analytics', 'chat']);
    jest.advanceTimersToNextTimer();
    expect(ran).toEqual(['analytics', 'chat', 'push']);
  });

  test('a step that throws does not stop the ones after it', () => {
    const later = jest.fn();
    expect(() =>
      oneTaskEach([
        () => {
          throw new Error('analytics failed');
        },
        later,
      ]),
    ).toThrow('analytics failed');
    jest.runAllTimers();
    expect(later).toHaveBeenCalledTimes(1);
  });

  test('cancelling stops the steps not run yet', () => {
    const first = jest.fn();
    const second = jest.fn();
    const cancel = oneTaskEach([first, second]);
    cancel();
    jest.runAllTimers();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});

describe("a player's video that has not shown its first frame", () => {
  function video(preload: HTMLVideoElement['preload']) {
    const v = document.createElement('video');
    v.setAttribute('preload', preload);
    let readyState = 0;
    Object.defineProperty(v, 'readyState', { get: () => readyState });
    document.body.append(v);
    return { v, frame: () => (readyState = HTMLMediaElement.HAVE_CURRENT_DATA) };
  }
  afterEach(() => document.querySelectorAll('video').forEach((v) => v.remove()));

  test('holds the first screen until its first frame', () => {
    jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
    const { frame } = video('auto');
    const run = jest.fn();
    afterFirstScreen(run);
    jest.advanceTimersByTime(3000);
    expect(run).not.toHaveBeenCalled();
    frame();
    jest.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });

  test("past the usual limit, up to the video's own; a failed video or a trailer holds nothing", () => {
    jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
    const now = jest.spyOn(performance, 'now').mockReturnValue(0);
    video('auto');
    const run = jest.fn();
    afterFirstScreen(run);
    now.mockReturnValue(7000);
    jest.advanceTimersByTime(300);
    expect(run).not.toHaveBeenCalled();
    now.mockReturnValue(16_000);
    jest.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(1);
    document.querySelector('video')!.remove();

    const failed = video('auto').v;
    Object.defineProperty(failed, 'error', { value: { code: 4 } });
    video('none');
    const other = jest.fn();
    now.mockReturnValue(0);
    afterFirstScreen(other);
    jest.advanceTimersByTime(500);
    expect(other).toHaveBeenCalledTimes(1);
  });

  test("a watch link's playing picture holds it while its buffer is thin (the early engine on 3G)", () => {
    jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
    window.history.pushState({}, '', '/watch/t-0001/t-0001/0/0');
    try {
      const { v, frame } = video('auto');
      frame();
      let ahead = 2;
      Object.defineProperty(v, 'paused', { get: () => false });
      Object.defineProperty(v, 'currentTime', { get: () => 3 });
      Object.defineProperty(v, 'buffered', {
        get: () => ({ length: 1, start: () => 0, end: () => 3 + ahead }),
      });
      const run = jest.fn();
      afterFirstScreen(run);
      jest.advanceTimersByTime(3000);
      expect(run).not.toHaveBeenCalled();
      ahead = 10;
      jest.advanceTimersByTime(500);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  test('a watch link holds the first screen until its video is up, or its screen fails', () => {
    jest.spyOn(queryClient, 'isFetching').mockReturnValue(0);
    window.history.pushState({}, '', '/watch/t-0001/t-0001/0/0');
    try {
      const run = jest.fn();
      afterFirstScreen(run);
      jest.advanceTimersByTime(3000);
      expect(run).not.toHaveBeenCalled();
      const { frame } = video('auto');
      jest.advanceTimersByTime(3000);
      expect(run).not.toHaveBeenCalled();
      frame();
      jest.advanceTimersByTime(500);
      expect(run).toHaveBeenCalledTimes(1);
      document.querySelector('video')!.remove();

      const failed = jest.fn();
      afterFirstScreen(failed);
      jest.advanceTimersByTime(1000);
      expect(failed).not.toHaveBeenCalled();
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      document.body.append(alert);
      jest.advanceTimersByTime(500);
      expect(failed).toHaveBeenCalledTimes(1);
      alert.remove();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
