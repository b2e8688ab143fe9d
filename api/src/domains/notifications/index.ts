/**
 * The notifications domain's entry: inbox, push, streams and tickets.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export { type Notifier } from './services/notifier';
