/**
 * One analysis check as a pure function of the two arms' figures (Flagger's contract): below the
 * minimum sample in either arm the check is "not enough data" (neither pass nor fail); otherwise it
 * fails when the canary's error sessions per 1,000 exceed the stable arm's plus the margin, or, when
 * the spec asks, when its LCP or INP p75 exceeds the stable arm's times the ratio.
 */
import type { ArmFigures, CheckResult, ResolvedAnalysisSpec } from './signal-schemas';

export const per1000 = (errors: number, sessions: number): number | null =>
  sessions > 0 ? Math.round((errors / sessions) * 1000 * 10) / 10 : null;

/** The 75th percentile (nearest rank) of the values, or null without any. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

export function judge(
  spec: ResolvedAnalysisSpec,
  canary: ArmFigures,
  stable: ArmFigures,
  at: Date,
): CheckResult {
  const base = { at: at.toISOString(), canary, stable };
  const short = [canary, stable].filter((f) => f.sessions < spec.minSessions);
  if (short.length)
    return {
      ...base,
      result: 'not-enough-data',
      reasons: short.map(
        (f) => `${f.arm} has ${f.sessions} session(s), fewer than the ${spec.minSessions} needed`,
      ),
    };
  const reasons: string[] = [];
  const canaryRate = canary.errorSessionsPer1000 ?? 0;
  const stableRate = stable.errorSessionsPer1000 ?? 0;
  if (canaryRate > stableRate + spec.errorMargin)
    reasons.push(
      `error sessions per 1,000: canary ${canaryRate} > stable ${stableRate} + ${spec.errorMargin}`,
    );
  const ratio = (name: string, c: number | null, s: number | null, max?: number) => {
    if (max === undefined || c === null || s === null) return;
    if (c > s * max) reasons.push(`${name} p75: canary ${c} ms > stable ${s} ms × ${max}`);
  };
  ratio('LCP', canary.lcpP75, stable.lcpP75, spec.maxLcpRatio);
  ratio('INP', canary.inpP75, stable.inpP75, spec.maxInpRatio);
  return { ...base, result: reasons.length ? 'fail' : 'pass', reasons };
}

/** The next share after `percent` on the spec's steps, or null at the last step. */
export function nextStep(spec: ResolvedAnalysisSpec, percent: number): number | null {
  return spec.steps?.find((s) => s > percent) ?? null;
}
