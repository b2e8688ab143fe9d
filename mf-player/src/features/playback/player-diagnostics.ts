/** What the player reports about itself (diagnostics, the stats overlay): named facts. */
export type PlayerDiagnostics = Record<string, unknown>;
