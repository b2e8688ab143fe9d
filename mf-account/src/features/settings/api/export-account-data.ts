import { callOperation } from '@streamflix/shared';

/** GET /account/export: everything the account and its profiles hold; 5 copies an hour (429). */
export const exportAccountData = () => callOperation('GET /account/export');
