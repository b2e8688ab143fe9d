/* Compiled from en-XA.po by `npm run i18n` (docs/i18n.md). Do not edit: edit the PO file. */
export const messages: Record<string, string | unknown[]> = JSON.parse("{}");
