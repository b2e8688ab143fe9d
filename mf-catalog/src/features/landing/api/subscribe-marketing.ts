import { callOperation, type ApiBody } from '@streamflix/shared';

export type MarketingType = ApiBody<'POST /cms/marketing'>['type'];

export function subscribeMarketing(type: MarketingType, email: string) {
  return callOperation('POST /cms/marketing', {
    body: { type, email: email.trim() },
    kind: 'guest',
  });
}
