/** The one jotai store, so non-React code (notify, the outbox, logout) can read and set atoms. */
import { createStore } from 'jotai';

export const appStore = createStore();
