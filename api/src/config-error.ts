/** A setting the server cannot start with; server.ts prints its message alone. */
export class ConfigError extends Error {}
