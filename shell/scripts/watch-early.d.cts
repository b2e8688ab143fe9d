/** Types for a watch link's early engine in the HTML (watch-early.cjs). */
export declare const ENGINE_FILE: string;
export declare const RELEASE_AFTER_MS: number;
export declare const STAGE_ID: string;
export declare function earlyEngineUrl(
  compositionDocument: unknown,
  remote: string | undefined,
): string | null;
export declare function entryOf(html: string): string | null;
export declare function withoutEntry(html: string): string;
export declare function stageMarkup(): string;
export declare function earlyWatchTags(options: {
  call: string;
  engine: string;
  entry: string;
  held: string;
}): string;
