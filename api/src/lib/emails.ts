/** One spelling of an address, for lookups and uniqueness. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
