/**
 * The help-cms domain's entry: the help widget, CMS pages and public submissions.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export {};
