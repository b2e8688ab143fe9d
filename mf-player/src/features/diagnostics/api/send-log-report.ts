import { callOperation, type ApiBody } from '@streamflix/shared';

export type LogReport = ApiBody<'POST /log-report'>;

/** POST /log-report: "report a problem" from the player, and playback errors. Guests may report. */
export function sendLogReport(report: LogReport) {
  return callOperation('POST /log-report', { body: report });
}
