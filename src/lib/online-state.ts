/**
 * The one reading of "is this device online" for server reads (issue 27: while offline the app kept
 * polling — 62 failed requests in 40 s). TanStack Query's onlineManager starts out assuming online
 * and only learns from later `online`/`offline` events, so an app that starts offline (the service
 * worker drew the page) retried every query with back-off against no network. Here it reads
 * navigator.onLine at start and on every change: retries and interval refetches pause while offline,
 * and stale queries refetch on reconnect (refetchOnReconnect).
 */
import { onlineManager } from '@tanstack/react-query';

type EventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** navigator.onLine === false is the browser saying there is no network at all; anything else may try. */
export function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Feed `setOnline` the current state now and on every `online`/`offline` event; returns the cleanup. */
export function watchOnlineState(target: EventTarget, isOnline: () => boolean, setOnline: (online: boolean) => void): () => void {
  const update = () => setOnline(isOnline());
  update();
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}

/** Called once at start-up, before the QueryClient mounts. */
export function syncQueryOnlineState(): void {
  if (typeof window === 'undefined') return;
  onlineManager.setEventListener((setOnline) => watchOnlineState(window, () => !isKnownOffline(), setOnline));
}
