import { callOperation } from '@streamflix/shared';

/**
 * GET /account/export: everything the account and its profiles hold; 5 copies an hour (429). A household
 * with PIN-locked profiles answers 403 (fieldErrors.password = "is required", fieldErrors.profiles = their
 * names) until the copy is asked for with the account password (POST /account/export).
 */
export const exportAccountData = (password?: string) =>
  password
    ? callOperation('POST /account/export', { body: { password } })
    : callOperation('GET /account/export');
