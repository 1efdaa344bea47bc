import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { AppDb } from './app-db';
import type { UpgradeConflict } from './db-upgrade';
import { watchUpgradeConflicts } from './db-upgrade';

function openRaw(name: string, version: number, onBlocked?: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
    if (onBlocked) request.onblocked = onBlocked;
  });
}

describe('Dexie upgrade conflicts', () => {
  it('a newer version opened elsewhere closes this connection and asks for a reload', async () => {
    const seen: UpgradeConflict[] = [];
    const db = new AppDb('upgrade-versionchange');
    watchUpgradeConflicts(db, (kind) => seen.push(kind));
    await db.open();
    // Dexie stores version(n) as IndexedDB version 10n; a newer app would open a higher one.
    let blocked = false;
    const newer = await openRaw('upgrade-versionchange', db.verno * 10 + 10, () => {
      blocked = true;
    });
    expect(seen).toEqual(['versionchange']);
    expect(db.isOpen()).toBe(false);
    expect(blocked).toBe(false);
    newer.close();
    indexedDB.deleteDatabase('upgrade-versionchange');
  });

  it('an old tab that does not let go blocks the upgrade, and the prompt is asked for', async () => {
    const old = await openRaw('upgrade-blocked', 5);
    old.onversionchange = null; // an old app that ignores the request
    const seen: UpgradeConflict[] = [];
    const db = new AppDb('upgrade-blocked');
    watchUpgradeConflicts(db, (kind) => seen.push(kind));
    const opening = db.open();
    await expect.poll(() => seen).toEqual(['blocked']);
    old.close();
    await opening;
    expect(db.isOpen()).toBe(true);
    db.close();
    await db.delete();
  });
});
