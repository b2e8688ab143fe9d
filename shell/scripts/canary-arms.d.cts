/** Types for the canary arms the shell's host (plain Node), its benchmark and its tests share. */
export type Arm = 'canary' | 'stable';
export interface ArmInfo {
  arm: Arm;
  version: string | undefined;
  percent?: number;
  canaryVersion?: string;
  stableVersion?: string;
}
export declare const VIEWER_COOKIE: string;
export declare function viewerKeyFromCookie(header: string | undefined | null): string | null;
export declare function viewerOf(
  cookieHeader: string | undefined | null,
  options?: { secure?: boolean },
): { key: string; setCookie: string | null };
export declare function resolveArms<Doc>(
  doc: Doc,
  viewerKey: string,
): { doc: Doc; arms: Record<string, ArmInfo> };
export declare function canariesOf(doc: unknown): { remote: string; canary: unknown }[];
export declare function flagsFor(canaries: { remote: string; canary: { percent: number } }[]): {
  flags: Record<string, unknown>;
};
