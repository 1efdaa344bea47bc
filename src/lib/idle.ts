/**
 * Work that is not part of the first paint waits for the browser to be idle, with
 * a bound so it never waits for long on a busy phone.
 */
import { startTransition, useEffect, useState } from 'react';

/** The longest non-critical work waits for an idle moment before it runs anyway. */
export const IDLE_FALLBACK_TIMEOUT_MS = 1500;

/** Runs `callback` once the browser is idle (or after `timeoutMs`); returns a cancel function. */
export function onIdle(callback: () => void, timeoutMs = IDLE_FALLBACK_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
}

/**
 * False during the first paint, true from the first idle moment after it. The switch is a
 * transition: what it mounts (the footer, the status and prompts: lazy modules loaded then) renders
 * in slices that yield to the browser, where a plain update renders in one task (110 ms
 * at 4x on the home page, half of it loading the lazy modules). `prepare` (a stable function) runs
 * first, from the idle callback: the root requests the lazy parts' code there, one per task.
 */
export function useIdle(prepare?: () => Promise<void>): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = onIdle(() => {
      void (prepare ? prepare() : Promise.resolve()).then(() => {
        if (!cancelled) startTransition(() => setIdle(true));
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [prepare]);
  return idle;
}
