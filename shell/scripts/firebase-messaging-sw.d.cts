/** Types for the generator the static server (plain Node) and its test share. */
export declare const FIREBASE_VERSION: string;
export declare function firebaseMessagingSw(
  compositionDocument: unknown,
  firebaseVersion?: string,
): string;
