/** Types for the shell's start-up failure screen (boot-failure.cjs). */
export declare const BOOT_FAILURE_SCRIPT: string;
/** The screen's message ids: the heading, the reason, the button. */
export declare const BOOT_MESSAGE_IDS: readonly string[];
/** `{ <language code>: [heading, reason, button] }` from the compiled catalogs in `dir`. */
export declare function bootWords(dir?: string): Record<string, [string, string, string]>;
export declare function bootFailureScript(table?: Record<string, string[]>): string;
export declare function bootFailureTag(): string;
