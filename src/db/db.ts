import { AppDb } from './app-db';

/** The app's one IndexedDB connection. */
export const db = new AppDb();
