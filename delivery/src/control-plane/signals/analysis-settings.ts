/**
 * The control plane's analysis settings: the defaults of every canary's spec and how often the
 * analysis runs. From the environment (CONTROL_PLANE_ANALYSIS_*), so a test can run it every 2 s.
 */
import type { AnalysisSpec, ResolvedAnalysisSpec } from './analysis-spec';

export interface AnalysisSettings {
  /** How often the analysis runs, and a canary's interval unless its spec says. */
  intervalMs: number;
  minSessions: number;
  errorMargin: number;
  failureLimit: number;
  /** How far back the console's and `compose show`'s figures look. */
  windowMinutes: number;
  /** Where an automatic abort is announced (POST, JSON); none when unset. */
  webhookUrl: string | null;
  /** How long signal rows are kept. */
  retentionHours: number;
}

export const DEFAULT_ANALYSIS: AnalysisSettings = {
  intervalMs: 30_000,
  minSessions: 20,
  errorMargin: 10,
  failureLimit: 3,
  windowMinutes: 60,
  webhookUrl: null,
  retentionHours: 48,
};

const positive = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number.`);
  return n;
};

export function analysisSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AnalysisSettings {
  const pick = (name: string) => positive(env[name], name);
  return {
    intervalMs: pick('CONTROL_PLANE_ANALYSIS_INTERVAL_MS') ?? DEFAULT_ANALYSIS.intervalMs,
    minSessions: pick('CONTROL_PLANE_ANALYSIS_MIN_SESSIONS') ?? DEFAULT_ANALYSIS.minSessions,
    errorMargin: pick('CONTROL_PLANE_ANALYSIS_ERROR_MARGIN') ?? DEFAULT_ANALYSIS.errorMargin,
    failureLimit: pick('CONTROL_PLANE_ANALYSIS_FAILURE_LIMIT') ?? DEFAULT_ANALYSIS.failureLimit,
    windowMinutes: pick('CONTROL_PLANE_SIGNALS_WINDOW_MINUTES') ?? DEFAULT_ANALYSIS.windowMinutes,
    webhookUrl: env.CONTROL_PLANE_WEBHOOK_URL || null,
    retentionHours:
      pick('CONTROL_PLANE_SIGNALS_RETENTION_HOURS') ?? DEFAULT_ANALYSIS.retentionHours,
  };
}

/** A canary's spec with the settings' defaults filled in. */
export function resolveSpec(
  spec: AnalysisSpec | undefined,
  settings: AnalysisSettings,
): ResolvedAnalysisSpec {
  return {
    intervalSeconds: spec?.intervalSeconds ?? settings.intervalMs / 1000,
    errorMargin: spec?.errorMargin ?? settings.errorMargin,
    minSessions: spec?.minSessions ?? settings.minSessions,
    failureLimit: spec?.failureLimit ?? settings.failureLimit,
    auto: spec?.auto ?? false,
    ...(spec?.maxLcpRatio !== undefined ? { maxLcpRatio: spec.maxLcpRatio } : {}),
    ...(spec?.maxInpRatio !== undefined ? { maxInpRatio: spec.maxInpRatio } : {}),
    ...(spec?.steps ? { steps: [...spec.steps].sort((a, b) => a - b) } : {}),
  };
}
