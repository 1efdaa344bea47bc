/**
 * The stored menu snapshot read with the bare IndexedDB API as the very first thing the app does,
 * before React, the router and Dexie are evaluated (QUALITY P3): an offline repeat visit paints its
 * menu cards from this read instead of waiting for the Dexie chunk to load and open.
 *
 * Read only: it never creates, upgrades or writes the database (Dexie owns the schema, app-db.ts).
 * Any failure (no database yet, no store, blocked, private mode) answers `undefined`, and the
 * caller reads through Dexie as before.
 */
import type { MenuSnapshotRow } from './app-db';

export const APP_DB_NAME = 'casa-gratarului';
const MENU_SNAPSHOT_STORE = 'menuSnapshot';
const MENU_SNAPSHOT_KEY = 'current';

export function readMenuSnapshotEarly(
  factory: IDBFactory | undefined = globalThis.indexedDB,
  name = APP_DB_NAME,
): Promise<MenuSnapshotRow | undefined> {
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
      const done = (row: MenuSnapshotRow | undefined) => {
        database.close();
        resolve(row);
      };
      try {
        if (!database.objectStoreNames.contains(MENU_SNAPSHOT_STORE)) return done(undefined);
        const get = database.transaction(MENU_SNAPSHOT_STORE, 'readonly').objectStore(MENU_SNAPSHOT_STORE).get(MENU_SNAPSHOT_KEY);
        get.onsuccess = () => done(get.result as MenuSnapshotRow | undefined);
        get.onerror = () => done(undefined);
      } catch {
        done(undefined);
      }
    };
  });
}

let early: Promise<MenuSnapshotRow | undefined> | null = null;

/** Starts the read (main.tsx does, first of all). */
export function startEarlyMenuSnapshotRead(): void {
  early ??= readMenuSnapshotEarly();
}

/**
 * The early read, once: later reads must go through Dexie, which sees every snapshot stored since.
 * `undefined` when it was never started or was already taken.
 */
export function takeEarlyMenuSnapshot(): Promise<MenuSnapshotRow | undefined> | undefined {
  const taken = early ?? undefined;
  early = null;
  return taken;
}
