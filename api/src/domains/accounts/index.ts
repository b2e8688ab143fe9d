/**
 * The accounts domain's entry: sign-up, sign-in, passwords, verification, social login, profile and avatars.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export {};
