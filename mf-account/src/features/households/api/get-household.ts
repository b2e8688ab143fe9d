import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type ApiData } from '@streamflix/shared';

export type Household = ApiData<'GET /profiles'>;

/** GET /profiles: the account's profiles, which one the session watches as, the avatars and ceilings. */
export const householdKey = () => queryKey('GET /profiles');

export async function getHousehold(): Promise<Household> {
  return unwrap(await callOperation('GET /profiles'));
}

export function useHousehold() {
  return useQuery({ queryKey: householdKey(), queryFn: getHousehold });
}
