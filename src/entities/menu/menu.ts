/**
 * The menu noun's data (docs/decisions/0164-menu-noun-and-the-notice-in-the-shell.md), in a module of
 * its own so the query (./api/get-menu.ts) and the repository it loads lazily (./menu-repo.ts) both
 * name it without importing each other.
 */
import type { Menu } from '../../shared/schemas/menu';

/**
 * The catalogue with when this device read it. A server answer carries its reading time (ISO,
 * device clock); the stored snapshot answered after a failed refresh carries, besides, when that
 * refresh failed (`staleSince`: the screen says "prices as of" `fetchedAt`). Neither is set on the
 * answer a server-rendered page carries, which is stale at once and read again after hydration.
 */
export type MenuReading = Menu & ({ fetchedAt?: string; staleSince?: undefined } | { fetchedAt: string; staleSince: string });
