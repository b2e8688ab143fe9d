import { callOperation, type ApiBody } from '@streamflix/shared';

export type PlaybackReportBody = ApiBody<'POST /playback/reports'>;

/**
 * POST /playback/reports as a keepalive request, so the last report outlives a closing page.
 * Sent without the viewer's token: a report names no one, and an expired token must not turn it
 * into a refresh. Fire and forget: a lost report only thins the operators' metrics.
 */
export function sendPlaybackReport(body: PlaybackReportBody): void {
  void callOperation('POST /playback/reports', { body, kind: 'guest', keepalive: true });
}
