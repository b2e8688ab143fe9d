import { parseComposeArgs } from './compose';
import { ComposeError } from './compose-gate';

test('set --steps --auto starts the canary at the first step with its analysis', () => {
  expect(
    parseComposeArgs([
      ...['staging', 'set', 'mf_player', '1.1.0', '--steps', '1,5,25,100', '--auto'],
      ...[
        '--min-sessions',
        '5',
        '--failure-limit',
        '2',
        '--error-margin',
        '2.5',
        '--interval',
        '10',
      ],
    ]),
  ).toMatchObject({
    command: 'set',
    canary: 1,
    analysis: {
      steps: [1, 5, 25, 100],
      auto: true,
      minSessions: 5,
      failureLimit: 2,
      errorMargin: 2.5,
      intervalSeconds: 10,
    },
  });
  expect(
    parseComposeArgs(['staging', 'set', 'mf_player', '1.1.0', '--canary', '10']),
  ).not.toHaveProperty('analysis');
});

test('analysis flags that make no sense are refused with the reason', () => {
  const parse =
    (...args: string[]) =>
    () =>
      parseComposeArgs(['staging', 'set', 'mf_player', '1.1.0', ...args]);
  expect(parse('--steps', '5,1')).toThrow(ComposeError);
  expect(parse('--steps', '5,1')).toThrow(/--steps must rise/);
  expect(parse('--canary', '5', '--auto')).toThrow(/--auto advances through --steps/);
  expect(parse('--canary', '5', '--min-sessions', '0')).toThrow(
    /--min-sessions must be a whole number/,
  );
  // Analysis belongs to starting a canary.
  expect(parseComposeArgs(['staging', 'promote', 'mf_player', '50', '--steps', '1,5'])).toBeNull();
});
