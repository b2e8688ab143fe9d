/**
 * The contract of browser signals and canary analysis: what a shell's host forwards (a batch of one
 * page load's reports), what the console and `compose show` read back (per remote and arm over a
 * recent window, with each canary's analysis), and a canary's analysis spec (Flagger's contract:
 * interval, threshold with a minimum sample, failure limit, and optional steps to advance by).
 */
import { Type, type Static } from 'typebox';
import { RemoteName } from '../schemas';
import { AnalysisSpec } from './analysis-spec';

export { AnalysisSpec, type ResolvedAnalysisSpec } from './analysis-spec';

export const SIGNAL_KINDS = [
  'session',
  'load-failure',
  'boundary',
  'unhandled',
  'gate-refused',
  'lcp',
  'inp',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
/** The kinds that make a session an error session. */
export const ERROR_KINDS: readonly SignalKind[] = [
  'load-failure',
  'boundary',
  'unhandled',
  'gate-refused',
];

export const Arm = Type.Union([Type.Literal('stable'), Type.Literal('canary')], {
  description: "The viewer's arm of the remote's canary ('stable' when none runs).",
});
export type Arm = Static<typeof Arm>;

export const SignalReport = Type.Object(
  {
    kind: Type.Union(
      SIGNAL_KINDS.map((k) => Type.Literal(k)),
      {
        description:
          "'session': this page load used the remote; 'load-failure', 'boundary' (the shell's error " +
          "boundary caught it), 'unhandled' (an error or rejection whose stack names the remote's files), " +
          "'gate-refused': errors; 'lcp', 'inp': web vitals in milliseconds (`value`).",
      },
    ),
    remote: RemoteName,
    version: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The entry version the page loaded.',
    }),
    arm: Arm,
    route: Type.Optional(
      Type.String({ maxLength: 200, description: 'The route pattern (/movie/:id).' }),
    ),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
    count: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description: 'Identical reports folded into one.',
      }),
    ),
  },
  { additionalProperties: false, title: 'SignalReport' },
);
export type SignalReport = Static<typeof SignalReport>;

export const SignalBatch = Type.Object(
  {
    session: Type.String({
      pattern: '^[A-Za-z0-9_-]{8,64}$',
      description: 'A random id per page load: sessions are counted by it.',
    }),
    reports: Type.Array(SignalReport, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false, title: 'SignalBatch' },
);
export type SignalBatch = Static<typeof SignalBatch>;

export const SignalAccepted = Type.Object(
  {
    accepted: Type.Integer({ description: 'Reports counted.' }),
    dropped: Type.Integer({
      description: 'Reports for a remote this environment does not list (not counted).',
    }),
  },
  { title: 'SignalAccepted' },
);

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);

export const ArmFigures = Type.Object(
  {
    arm: Arm,
    version: Type.String(),
    sessions: Type.Integer(),
    errorSessions: Type.Integer(),
    errorSessionsPer1000: Nullable(Type.Number()),
    lcpP75: Nullable(Type.Number()),
    inpP75: Nullable(Type.Number()),
  },
  { title: 'ArmFigures' },
);
export type ArmFigures = Static<typeof ArmFigures>;

export const CheckResult = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    result: Type.Union([
      Type.Literal('pass'),
      Type.Literal('fail'),
      Type.Literal('not-enough-data'),
    ]),
    reasons: Type.Array(Type.String()),
    canary: ArmFigures,
    stable: ArmFigures,
  },
  { title: 'CheckResult' },
);
export type CheckResult = Static<typeof CheckResult>;

export const CanaryAnalysisView = Type.Object(
  {
    remote: RemoteName,
    canaryVersion: Type.String(),
    stableVersion: Type.String(),
    percent: Type.Integer(),
    startedAt: Type.String({ format: 'date-time' }),
    spec: AnalysisSpec,
    checks: Type.Integer(),
    failedChecks: Type.Integer(),
    passedChecks: Type.Integer(),
    lastCheck: Type.Union([CheckResult, Type.Null()]),
  },
  { title: 'CanaryAnalysisView' },
);
export type CanaryAnalysisView = Static<typeof CanaryAnalysisView>;

export const SignalSummary = Type.Object(
  {
    environment: Type.String(),
    since: Type.String({ format: 'date-time' }),
    items: Type.Array(
      Type.Object({ remote: RemoteName, ...ArmFigures.properties }, { title: 'RemoteArmFigures' }),
      { description: 'Per remote, arm and version, over the window.' },
    ),
    canaries: Type.Array(CanaryAnalysisView),
  },
  { title: 'SignalSummary' },
);
export type SignalSummary = Static<typeof SignalSummary>;

export const SignalSummaryQuery = Type.Object(
  {
    windowMinutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1440, default: 60, description: 'How far back.' }),
    ),
  },
  { additionalProperties: false },
);
