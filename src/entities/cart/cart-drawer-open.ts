/**
 * Whether the cart drawer is open: the cart feature draws it, and the header, the menu's cart bar and
 * the order history ('reorder') open it. Ephemeral UI state: nothing durable, that belongs in Dexie.
 */
import { atom } from 'jotai';

export const cartDrawerOpenAtom = atom(false);
