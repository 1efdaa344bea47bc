/**
 * Dexie upgrades across tabs (issue 6): when another tab opens a newer schema, this tab gets
 * `versionchange`: it closes its connection at once (so the new tab's upgrade is not held up) and
 * asks for a reload. When this tab is the newer one and an old tab does not let go, it gets
 * `blocked` and shows the same prompt. Nothing is lost either way: the cart, the outbox and every
 * other table live in IndexedDB, so a reload (online or offline, the shell is precached) reopens them.
 */
import type Dexie from 'dexie';

export type UpgradeConflict = 'versionchange' | 'blocked';

let current: UpgradeConflict | null = null;
const listeners = new Set<() => void>();

export function upgradeConflict(): UpgradeConflict | null {
  return current;
}

export function subscribeUpgradeConflict(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(kind: UpgradeConflict): void {
  current = kind;
  for (const listener of listeners) listener();
}

/** Wires a database's `versionchange` and `blocked` events to `onConflict` (default: the shared prompt state). */
export function watchUpgradeConflicts(database: Dexie, onConflict: (kind: UpgradeConflict) => void = report): void {
  database.on('versionchange', (event: IDBVersionChangeEvent) => {
    database.close();
    // newVersion null: the database is being deleted (not an upgrade) — just let go.
    if (event.newVersion !== null) onConflict('versionchange');
    // Handled here: Dexie's default handler would close the connection too, without telling anyone.
    return false;
  });
  database.on('blocked', () => onConflict('blocked'));
}
