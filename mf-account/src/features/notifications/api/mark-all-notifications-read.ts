import { callOperation } from '@streamflix/shared';

/** POST /notifications/read-all */
export const markAllRead = () => callOperation('POST /notifications/read-all');
