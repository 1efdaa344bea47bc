/**
 * The stored menu snapshot and cart lines, read with the bare IndexedDB API as the very first thing
 * the app does, before React, the router and Dexie are evaluated: an offline repeat
 * visit paints its menu cards and the header's cart count from this read instead of waiting for the
 * Dexie chunk to load and open.
 *
 * Read only: it never creates, upgrades or writes the database (Dexie owns the schema, app-db.ts).
 * Any failure (no database yet, no store, blocked, private mode) answers `undefined`, and the
 * caller reads through Dexie as before.
 */
import type { CartLineRow, MenuSnapshotRow, RestaurantRow } from './app-db';

export const APP_DB_NAME = 'casa-gratarului';
const MENU_SNAPSHOT_STORE = 'menuSnapshot';
const MENU_SNAPSHOT_KEY = 'current';
const CART_LINES_STORE = 'cartLines';
const RESTAURANT_STORE = 'restaurant';
const RESTAURANT_KEY = 'current';

export interface EarlyRead {
  menuSnapshot: MenuSnapshotRow | undefined;
  cartLines: CartLineRow[] | undefined;
  /** The restaurant's settings as last fetched (the service worker's first paint needs the promo link). */
  restaurant: RestaurantRow | undefined;
}

const NOTHING: EarlyRead = { menuSnapshot: undefined, cartLines: undefined, restaurant: undefined };

export function readEarly(factory: IDBFactory | null = globalThis.indexedDB ?? null, name = APP_DB_NAME): Promise<EarlyRead> {
  return new Promise((resolve) => {
    if (!factory) return resolve(NOTHING);
    let request: IDBOpenDBRequest;
    try {
      // No version: opens whatever version exists, never triggers Dexie's upgrade path.
      request = factory.open(name);
    } catch {
      return resolve(NOTHING);
    }
    // Only fires when the database does not exist yet: abort, so no empty database is left behind
    // for Dexie to find.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(NOTHING);
    request.onblocked = () => resolve(NOTHING);
    request.onsuccess = () => {
      const database = request.result;
      const done = (read: EarlyRead) => {
        database.close();
        resolve(read);
      };
      try {
        const stores = [MENU_SNAPSHOT_STORE, CART_LINES_STORE, RESTAURANT_STORE];
        if (!stores.every((store) => database.objectStoreNames.contains(store))) return done(NOTHING);
        // One read-only transaction over the three stores: a consistent set, one round trip.
        const transaction = database.transaction(stores, 'readonly');
        const snapshot = transaction.objectStore(MENU_SNAPSHOT_STORE).get(MENU_SNAPSHOT_KEY);
        const lines = transaction.objectStore(CART_LINES_STORE).getAll();
        const restaurant = transaction.objectStore(RESTAURANT_STORE).get(RESTAURANT_KEY);
        transaction.oncomplete = () =>
          done({
            menuSnapshot: snapshot.result as MenuSnapshotRow | undefined,
            cartLines: lines.result as CartLineRow[],
            restaurant: restaurant.result as RestaurantRow | undefined,
          });
        transaction.onerror = () => done(NOTHING);
        transaction.onabort = () => done(NOTHING);
      } catch {
        done(NOTHING);
      }
    };
  });
}

let menuSnapshot: Promise<MenuSnapshotRow | undefined> | null = null;
let cartLines: Promise<CartLineRow[] | undefined> | null = null;
/** Each part once the read has answered (it usually has before React's first render). */
let cartLinesRead: CartLineRow[] | undefined;
let menuSnapshotRead: MenuSnapshotRow | undefined;
let restaurantRead: RestaurantRow | undefined;
let settled: Promise<void> = Promise.resolve();

/** Starts the read (main.tsx does, first of all). */
export function startEarlyRead(): void {
  if (menuSnapshot || cartLines) return;
  const read = readEarly();
  menuSnapshot = read.then((result) => (menuSnapshotRead = result.menuSnapshot));
  cartLines = read.then((result) => (cartLinesRead = result.cartLines));
  settled = read.then((result) => {
    restaurantRead = result.restaurant;
  });
}

/** Resolves once the start-up read has answered (at once when it was never started). */
export function earlyReadSettled(): Promise<void> {
  return settled;
}

/** The restaurant's settings as stored, if the read has already answered, once. */
export function takeReadyRestaurant(): RestaurantRow | undefined {
  const taken = restaurantRead;
  restaurantRead = undefined;
  return taken;
}

/**
 * Each part of the early read is handed out once: later reads must go through Dexie, which sees
 * every change stored since. `undefined` when it was never started or was already taken.
 */
export function takeEarlyMenuSnapshot(): Promise<MenuSnapshotRow | undefined> | undefined {
  const taken = menuSnapshot ?? undefined;
  menuSnapshot = null;
  return taken;
}

/**
 * The snapshot, if the read has already answered, once: an offline visit's first render shows the
 * menu from it.
 */
export function takeReadyMenuSnapshot(): MenuSnapshotRow | undefined {
  const taken = menuSnapshotRead;
  menuSnapshotRead = undefined;
  return taken;
}

/**
 * The cart lines as they were at start-up, once (the header's count until Dexie answers): `ready`
 * when the read has already answered, so the first render can show the count; else the promise.
 */
export function takeEarlyCartLines(): { ready: CartLineRow[] | undefined; pending: Promise<CartLineRow[] | undefined> | undefined } {
  const taken = { ready: cartLinesRead, pending: cartLines ?? undefined };
  cartLines = null;
  cartLinesRead = undefined;
  return taken;
}
