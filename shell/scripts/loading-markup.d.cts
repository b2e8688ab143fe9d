export declare const HERO_CSS: string;
export declare const MARK_CSS: string;
export declare const MARK_HTML: string;
export declare function pageLoadingMarkup(options?: { hidden?: boolean }): string;
