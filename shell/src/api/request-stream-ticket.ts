import { callOperation } from '@streamflix/shared';

/** POST /notifications/stream-ticket: a short-lived URL for the API's event stream (the local push channel). */
export const requestStreamTicket = () => callOperation('POST /notifications/stream-ticket');
