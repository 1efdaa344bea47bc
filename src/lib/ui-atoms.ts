/**
 * Ephemeral UI state shared across features (features never import each other, so the atoms that
 * let one feature open another's panel live here). Nothing durable: that belongs in Dexie.
 */
import { atom } from 'jotai';

export type LoginModalTab = 'sign-in' | 'sign-up';

/** The login / register modal: closed, or open on a tab. */
export const loginModalAtom = atom<{ open: boolean; tab: LoginModalTab }>({ open: false, tab: 'sign-in' });

/** The cart drawer. */
export const cartDrawerOpenAtom = atom(false);
