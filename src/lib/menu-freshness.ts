/**
 * How fresh the menu on screen is: set by the menu query each time it loads, read by the menu
 * screen to say "prices as of HH:MM" when it is showing the stored snapshot.
 */
import { atom } from 'jotai';

export interface MenuFreshness {
  fetchedAt: string;
  staleSince: string | null;
}

export const menuFreshnessAtom = atom<MenuFreshness | null>(null);
