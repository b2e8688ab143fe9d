/** Types for the host's preview-link verification (plain Node), shared with its tests. */
import type { KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type PreviewVerdict =
  | { ok: true; remote: string; manifest: string; version: string; expiresAt: string; id: string }
  | { ok: false; reason: string; message: string };
export declare const PREVIEW_PATH: string;
export declare function readClaims(token: string): Record<string, unknown> | null;
export declare function previewsOff(environment: string, doc: unknown): string | null;
export declare function verifyPreviewToken(
  token: string,
  options: {
    keys: { get(kid: string): KeyObject | undefined };
    environment: string;
    doc: unknown;
    now?: Date;
  },
): PreviewVerdict;
export interface ControlPlaneKeys {
  ready: Promise<void>;
  refresh(): Promise<void>;
  get(kid: string): KeyObject | undefined;
  stop(): void;
}
export declare function controlPlaneKeys(options: {
  controlPlane: string;
  fetch?: typeof fetch;
  refreshMs?: number;
  missRefreshMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}): ControlPlaneKeys;
export declare function previewResponse(
  req: Pick<IncomingMessage, 'url'> | undefined,
  previews: { keys: { get(kid: string): KeyObject | undefined }; environment: string } | null,
  doc: unknown,
  now?: Date,
): { status: number; type: string; headers: Record<string, string>; body: string };
