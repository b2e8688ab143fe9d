/**
 * The operations domain's entry: health and readiness probes, /metrics, and the player's quality
 * reports that feed it. Another domain imports from this file only (a lint zone in
 * eslint.config.mjs keeps it so); what is not exported here is this domain's own.
 */
export {};
