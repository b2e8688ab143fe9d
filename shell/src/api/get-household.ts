import { callOperation } from '@streamflix/shared';

/** GET /profiles: the account's profiles and which one the session watches as (the profile gate's question). */
export const getHousehold = () => callOperation('GET /profiles');
