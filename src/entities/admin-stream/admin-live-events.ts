/**
 * The manager area's one live stream (GET /api/admin/events, opened by the admin feature's
 * use-admin-events.ts) handed on to other features (issue 18: the inbox's badge), so the manager
 * area keeps one EventSource and features never import each other. 'stream-open' is sent on every
 * (re)connect: a listener refetches then, so nothing missed while offline is lost.
 */
import type { LiveEvent } from '../../shared/schemas/admin';

export type AdminStreamSignal = LiveEvent | { type: 'stream-open' };
type Listener = (signal: AdminStreamSignal) => void;

const listeners = new Set<Listener>();

/** Returns the unsubscribe function. */
export function onAdminStreamSignal(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAdminStreamSignal(signal: AdminStreamSignal): void {
  for (const listener of listeners) listener(signal);
}
