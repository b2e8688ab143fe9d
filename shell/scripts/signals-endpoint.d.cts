import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SignalsEndpointOptions {
  controlPlane: string;
  environment: string;
  source: { read(): { doc: unknown } | null };
  fetch?: typeof fetch;
  perMinute?: number;
  now?: () => number;
  log?: (line: string) => void;
}
export function signalsEndpoint(
  options: SignalsEndpointOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean;
export function checkBatch(body: unknown): { session: string; reports: object[] };
export function stampArms(
  batch: { reports: Array<{ kind: string; remote: string; version: string }> },
  doc: unknown,
  cookieHeader: string | undefined,
): Array<{ kind: string; remote: string; version: string; arm: 'stable' | 'canary' }>;
export const MAX_BYTES: number;
