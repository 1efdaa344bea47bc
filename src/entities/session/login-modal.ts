/**
 * The sign-in / sign-up modal's state: the account feature draws it, and any feature that needs a
 * signed-in person (the cart, orders, the footer, a reset link) opens it. Ephemeral UI state: nothing
 * durable, that belongs in Dexie.
 */
import { atom } from 'jotai';

export type LoginModalTab = 'sign-in' | 'sign-up';

/** The login / register modal: closed, or open on a tab. */
export const loginModalAtom = atom<{ open: boolean; tab: LoginModalTab }>({ open: false, tab: 'sign-in' });
