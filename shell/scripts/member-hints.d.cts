/** Types for a signed-in device's early calls (member-hints.cjs). */
export type MemberCall = [method: 'GET' | 'POST', path: string, body: 'dashboard' | null];
export declare function memberCallsOf(pathname: string): MemberCall[];
export declare function memberDataScript(apiV1: string, calls: MemberCall[]): string;
export declare const LANGUAGE_OF_DEVICE: string;
export declare const EARLY_HERO_EVENT: string;
/** The UI languages' codes, the right-to-left ones and the source language (shared languages.json). */
export declare const CODES: readonly string[];
export declare const RTL: readonly string[];
export declare const SOURCE: string;
/** JSON for an inline script, '<' escaped. */
export declare function scriptJson(value: unknown): string;
