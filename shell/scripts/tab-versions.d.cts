/** Types for the host's tab-version answer (plain Node), shared with its tests. */
import type { IncomingMessage } from 'node:http';

export declare const VERSIONS_PATH: string;
export declare function tabVersions(doc: unknown): {
  remotes: Record<string, { manifest: string; version: string; integrity?: string }>;
};
export declare function tabVersionsResponse(
  req: Pick<IncomingMessage, 'headers'> | undefined,
  doc: unknown,
  headers?: Record<string, string>,
): { status: number; type?: string; headers: Record<string, string>; body: string };
