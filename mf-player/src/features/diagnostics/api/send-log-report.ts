import { callApi, type ApiBody } from '@streamflix/shared';

export type LogReport = ApiBody<'POST /log-report'>;

/** POST /log-report: "report a problem" from the player, and playback errors. Guests may report. */
export function sendLogReport(report: LogReport) {
  return callApi<unknown>({ method: 'POST', url: '/log-report', data: report });
}
