/** A canary's analysis spec (kept in the canary, so the control plane's schemas import it). */
import { Type, type Static } from 'typebox';

export const AnalysisSpec = Type.Object(
  {
    intervalSeconds: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 3600,
        description: "Seconds between checks (the control plane's interval unless given).",
      }),
    ),
    errorMargin: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1000,
        description: 'A check fails when canary error sessions per 1,000 exceed stable’s + this.',
      }),
    ),
    minSessions: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description:
          'Sessions each arm needs before a check judges; below it the check is "not enough data".',
      }),
    ),
    failureLimit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'Failed checks that abort the canary.',
      }),
    ),
    maxLcpRatio: Type.Optional(
      Type.Number({ minimum: 1, maximum: 10, description: 'Canary LCP p75 ≤ stable’s × this.' }),
    ),
    maxInpRatio: Type.Optional(
      Type.Number({ minimum: 1, maximum: 10, description: 'Canary INP p75 ≤ stable’s × this.' }),
    ),
    steps: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), {
        minItems: 1,
        maxItems: 20,
        description: 'The shares to advance through (ascending), e.g. [1, 5, 25, 100].',
      }),
    ),
    auto: Type.Optional(
      Type.Boolean({ description: 'Advance to the next step after each passing check.' }),
    ),
  },
  {
    additionalProperties: false,
    title: 'AnalysisSpec',
    description:
      'How the control plane judges a canary from browser signals (defaults from its settings).',
  },
);
export type AnalysisSpec = Static<typeof AnalysisSpec>;
export type ResolvedAnalysisSpec = Required<
  Omit<AnalysisSpec, 'maxLcpRatio' | 'maxInpRatio' | 'steps'>
> &
  Pick<AnalysisSpec, 'maxLcpRatio' | 'maxInpRatio' | 'steps'>;
