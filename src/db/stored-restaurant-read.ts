/**
 * The restaurant's settings as IndexedDB last kept them, read with the bare IndexedDB API: the
 * service worker reads them for each page it answers with the shell (the test-mode notice,
 * src/lib/stored-test-mode-notice.ts) without loading Dexie or opening the database through it.
 *
 * Read only: it never creates, upgrades or writes the database (Dexie owns the schema, app-db.ts).
 * Any failure (no database yet, no store, blocked, private mode) answers `undefined`.
 */
import type { RestaurantRow } from './app-db';

const APP_DB_NAME = 'casa-gratarului';
const RESTAURANT_STORE = 'restaurant';
const RESTAURANT_KEY = 'current';

export function readStoredRestaurant(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  name = APP_DB_NAME,
): Promise<RestaurantRow | undefined> {
  return new Promise((resolve) => {
    if (!factory) return resolve(undefined);
    let request: IDBOpenDBRequest;
    try {
      // No version: opens whatever version exists, never triggers Dexie's upgrade path.
      request = factory.open(name);
    } catch {
      return resolve(undefined);
    }
    // Only fires when the database does not exist yet: abort, so no empty database is left behind
    // for Dexie to find.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const database = request.result;
      const done = (row: RestaurantRow | undefined) => {
        database.close();
        resolve(row);
      };
      try {
        if (!database.objectStoreNames.contains(RESTAURANT_STORE)) return done(undefined);
        const read = database.transaction(RESTAURANT_STORE, 'readonly').objectStore(RESTAURANT_STORE).get(RESTAURANT_KEY);
        read.onsuccess = () => done(read.result as RestaurantRow | undefined);
        read.onerror = () => done(undefined);
      } catch {
        done(undefined);
      }
    };
  });
}
