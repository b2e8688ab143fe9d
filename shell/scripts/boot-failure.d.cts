/** Types for the shell's start-up failure screen (boot-failure.cjs). */
export declare const BOOT_FAILURE_SCRIPT: string;
export declare function bootFailureTag(): string;
