/** Types for the HTML's inline maturity-ceiling check (ceiling-check.cjs). */
export declare const UNDER_CEILING: string;
