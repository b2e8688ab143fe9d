import { callOperation } from '@streamflix/shared';

/** PATCH /users/{id} with the country only: the catalogue follows it. */
export const updateCountry = (userId: string, country: string) =>
  callOperation('PATCH /users/{id}', { params: { id: userId }, body: { country } });
