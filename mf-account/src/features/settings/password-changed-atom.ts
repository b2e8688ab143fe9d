import { atom } from 'jotai';

/** Spec §3/§4 account state isPasswordChanged: false while a change is pending, true on success. */
export const isPasswordChangedAtom = atom(false);
