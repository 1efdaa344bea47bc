/**
 * Imported first by main.tsx, so this runs before the rest of the app is evaluated (imports run
 * in order, a statement in main.tsx would run only after all of them): the IndexedDB read then
 * overlaps React's start-up.
 */
import { startEarlyRead } from './early-read';

startEarlyRead();
