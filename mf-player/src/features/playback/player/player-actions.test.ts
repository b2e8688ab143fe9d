import { ACTIONS, type PlayerAction } from '../keyboard-shortcuts';
import { playerActions, type PlayerActionsInput } from './player-actions';

const CHAPTERS = [
  { start: 0, end: 20, title: 'Opening' },
  { start: 20, end: 50, title: 'The Lighthouse' },
  { start: 50, end: 96, title: 'Credits' },
];

/** The table over a fake video at `currentTime`, recording every command it runs. */
function setUp(currentTime: number, overrides: Partial<PlayerActionsInput> = {}) {
  const calls: string[] = [];
  const video = { currentTime } as HTMLVideoElement;
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(args.length ? `${name} ${args.join(' ')}` : name);
    };
  const input: PlayerActionsInput = {
    video,
    commands: {
      togglePlay: record('togglePlay'),
      seekTo: (t: number) => {
        video.currentTime = t;
        calls.push(`seekTo ${t}`);
      },
      seekBy: (delta: number) => {
        video.currentTime += delta;
        calls.push(`seekBy ${delta}`);
      },
      setVolume: record('setVolume'),
      toggleFullscreen: record('toggleFullscreen'),
      toggleMute: record('toggleMute'),
      toggleCaptions: record('toggleCaptions'),
      announce: record('announce'),
    },
    sound: { volume: 0.5, muted: false },
    chapters: CHAPTERS,
    skipIntro: undefined,
    stepCaptions: record('stepCaptions'),
    toggleStats: record('toggleStats'),
    showHelp: record('showHelp'),
    onKeyboardSeek: record('keyboardSeek'),
    ...overrides,
  };
  const run = (action: PlayerAction) => playerActions(input)[action]();
  return { calls, run, table: playerActions(input) };
}

describe('playerActions', () => {
  it('has a handler for every shortcut the key map knows', () => {
    const { table } = setUp(0);
    expect(Object.keys(table).sort()).toEqual(ACTIONS.map((a) => a.action).sort());
  });

  it('seeks 10 s, shows where the key landed on the seek bar and says which way it went', () => {
    const { calls, run } = setUp(30);
    run('seek-back');
    run('seek-forward');
    run('seek-forward');
    expect(calls).toEqual([
      'seekBy -10',
      'keyboardSeek 20',
      'announce Back 10 seconds',
      'seekBy 10',
      'keyboardSeek 30',
      'announce Forward 10 seconds',
      'seekBy 10',
      'keyboardSeek 40',
      'announce Forward 10 seconds',
    ]);
  });

  it('steps the volume from the remembered level, from silence while muted', () => {
    const { calls, run } = setUp(0);
    run('volume-up');
    run('volume-down');
    const muted = setUp(0, { sound: { volume: 0.8, muted: true } });
    muted.run('volume-up');
    expect(calls.map((c) => Number(c.split(' ')[1]).toFixed(2))).toEqual(['0.60', '0.40']);
    expect(muted.calls).toEqual(['setVolume 0.1']);
  });

  it('jumps between chapters and says which one it landed on', () => {
    const { calls, run } = setUp(35);
    run('next-chapter');
    run('next-chapter');
    expect(calls).toEqual([
      'seekTo 50',
      'keyboardSeek 50',
      'announce Chapter 3 of 3: Credits',
      'announce No next chapter',
    ]);
    const none = setUp(35, { chapters: [] });
    none.run('previous-chapter');
    expect(none.calls).toEqual(['announce No chapters']);
  });

  it('skips the intro only while it plays', () => {
    const outside = setUp(200);
    outside.run('skip-intro');
    expect(outside.calls).toEqual([]);
    const skipIntro = jest.fn();
    setUp(5, { skipIntro }).run('skip-intro');
    expect(skipIntro).toHaveBeenCalledTimes(1);
  });

  it('passes the rest to the commands and panels', () => {
    const { calls, run } = setUp(0);
    for (const action of [
      'toggle-play',
      'toggle-fullscreen',
      'toggle-mute',
      'toggle-captions',
      'captions-earlier',
      'captions-later',
      'toggle-stats',
      'show-help',
    ] as const)
      run(action);
    expect(calls).toEqual([
      'togglePlay',
      'toggleFullscreen',
      'toggleMute',
      'toggleCaptions',
      'stepCaptions -1',
      'stepCaptions 1',
      'toggleStats',
      'showHelp',
    ]);
  });
});
