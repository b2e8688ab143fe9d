/**
 * The playback domain's entry: playback sessions, chapters, media state and the generated HLS media.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export {};
