/** Types for the /watch page's early playback call (watch-hints.cjs). */
export declare const WATCH_PATH: RegExp;
export declare function playbackCallOf(pathname: string): string | null;
export declare function watchPlaybackScript(apiV1: string, call: string): string;
export declare function watchLoadingMarkup(apiV1: string, pathname: string): string;
