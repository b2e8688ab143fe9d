/**
 * A canary's analysis on the command line: `set <remote> <version> --canary <p>` takes how the control
 * plane judges it (--steps 1,5,25,100 --auto, --min-sessions, --failure-limit, --error-margin,
 * --interval, --max-lcp-ratio, --max-inp-ratio), and `show` prints each canary's analysis and each
 * remote's arms as the browsers report them.
 */
import { ComposeError } from './compose-gate';
import type { AnalysisSpec } from './control-plane/signals/analysis-spec';
import type { SignalSummary } from './control-plane/signals/signal-schemas';

export const ANALYSIS_FLAGS = [
  '--steps',
  '--min-sessions',
  '--failure-limit',
  '--error-margin',
  '--interval',
  '--max-lcp-ratio',
  '--max-inp-ratio',
];

const number = (flag: string, text: string, min: number, max: number, integer = true) => {
  const n = Number(text);
  if (!text || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    throw new ComposeError(
      `${flag} must be a ${integer ? 'whole ' : ''}number from ${min} to ${max} (got "${text}").`,
    );
  return n;
};

/** The analysis spec the flags ask for, or undefined when none is given. */
export function parseAnalysisFlags(flags: Record<string, string | true>): AnalysisSpec | undefined {
  const spec: AnalysisSpec = {};
  const text = (flag: string) => (typeof flags[flag] === 'string' ? (flags[flag] as string) : '');
  if (flags['--steps'] !== undefined) {
    const steps = text('--steps')
      .split(',')
      .map((s) => number('--steps', s.trim(), 1, 100));
    if (steps.some((s, i) => i > 0 && s <= steps[i - 1]!) || steps[0]! >= 100)
      throw new ComposeError(
        `--steps must rise, starting below 100 (for example 1,5,25,100; got "${text('--steps')}").`,
      );
    spec.steps = steps;
  }
  if (flags['--auto']) {
    if (!spec.steps) throw new ComposeError('--auto advances through --steps: give them.');
    spec.auto = true;
  }
  if (flags['--min-sessions'] !== undefined)
    spec.minSessions = number('--min-sessions', text('--min-sessions'), 1, 1_000_000);
  if (flags['--failure-limit'] !== undefined)
    spec.failureLimit = number('--failure-limit', text('--failure-limit'), 1, 100);
  if (flags['--error-margin'] !== undefined)
    spec.errorMargin = number('--error-margin', text('--error-margin'), 0, 1000, false);
  if (flags['--interval'] !== undefined)
    spec.intervalSeconds = number('--interval', text('--interval'), 1, 3600);
  if (flags['--max-lcp-ratio'] !== undefined)
    spec.maxLcpRatio = number('--max-lcp-ratio', text('--max-lcp-ratio'), 1, 10, false);
  if (flags['--max-inp-ratio'] !== undefined)
    spec.maxInpRatio = number('--max-inp-ratio', text('--max-inp-ratio'), 1, 10, false);
  return Object.keys(spec).length ? spec : undefined;
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)} ms`);

/** `show`'s lines for the signals: each canary's analysis, then each remote's arms. */
export function analysisLines(summary: SignalSummary): string[] {
  const lines: string[] = [];
  for (const c of summary.canaries) {
    const spec = c.spec;
    lines.push(
      `${c.remote.padEnd(12)} analysis: ${c.checks} check(s), ${c.failedChecks} failed of ${spec.failureLimit} allowed` +
        ` (every ${spec.intervalSeconds} s, ≥ ${spec.minSessions} sessions an arm, margin ${spec.errorMargin} per 1,000` +
        (spec.steps
          ? `, steps ${spec.steps.join(' → ')}${spec.auto ? ' automatically' : ''}`
          : '') +
        ')',
    );
    if (c.lastCheck)
      lines.push(
        `${''.padEnd(12)} last check ${c.lastCheck.at}: ${c.lastCheck.result}` +
          (c.lastCheck.reasons.length ? ` (${c.lastCheck.reasons.join('; ')})` : ''),
      );
  }
  if (summary.items.length) {
    lines.push(`browser signals since ${summary.since}:`);
    for (const i of summary.items)
      lines.push(
        `  ${i.remote.padEnd(12)} ${i.arm.padEnd(6)} ${i.version.padEnd(16)} ${i.sessions} sessions, ` +
          `${i.errorSessionsPer1000 ?? '–'} error sessions per 1,000, LCP p75 ${ms(i.lcpP75)}, INP p75 ${ms(i.inpP75)}`,
      );
  }
  return lines;
}
