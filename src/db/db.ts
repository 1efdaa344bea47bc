import { AppDb } from './app-db';
import { watchUpgradeConflicts } from './db-upgrade';

/** The app's one IndexedDB connection. */
export const db = new AppDb();
// Another tab with a newer schema: close and prompt for a reload (see db-upgrade.ts).
watchUpgradeConflicts(db);
