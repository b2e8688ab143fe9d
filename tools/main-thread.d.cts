import type { Browser, Page } from '@playwright/test';

export interface LongTask {
  /** When it started, from the first task of the trace. */
  atMs: number;
  wallMs: number;
  /** Its cost on a phone: CPU time times the slowdown. */
  costMs: number;
  /** What ran in it, the largest first (script by file, style and layout, HTML, GC, paint). */
  parts: { what: string; ms: number }[];
}
export declare const PHONE_CPU_SLOWDOWN: number;
export declare const LONG_TASK_MS: number;
export declare function readTasks(
  traceEvents: unknown[],
  options: { origin: string; slowdown?: number },
): LongTask[];
export declare function blockingMs(tasks: LongTask[]): number;
export declare function longestMs(tasks: LongTask[]): number;
/** The page's own script work in the trace, as a phone would run it (0: the trace saw none). */
export declare function scriptMs(tasks: LongTask[]): number;
export declare function describe(tasks: LongTask[], top?: number): string[];
export declare function traceLoad(
  browser: Browser,
  page: Page,
  url: string,
  options?: { ready?: (page: Page) => Promise<unknown>; slowdown?: number; settleMs?: number },
): Promise<LongTask[]>;
export interface Interaction {
  /** Its cost on a phone: the CPU time of the tasks from its first input to the next frame, times the slowdown. */
  costMs: number;
  /** Whether a frame followed its last input in the trace. */
  painted: boolean;
  /** The input events it dispatched (pointerdown, click, keydown…). */
  inputs: string[];
  /** Those tasks, each with what ran in it (`atMs` from the first input). */
  tasks: LongTask[];
}
export declare function readInteraction(
  traceEvents: unknown[],
  options?: { slowdown?: number },
): Interaction;
export declare function traceInteraction(
  browser: Browser,
  page: Page,
  act: (page: Page) => Promise<unknown>,
  options?: { done?: (page: Page) => Promise<unknown>; slowdown?: number; settleMs?: number },
): Promise<Interaction>;
