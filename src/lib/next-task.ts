/**
 * Resolves in a new task, so the browser may paint and handle input in between (QUALITY P2: work
 * split into tasks under 50 ms each is not blocking time). `scheduler.yield` where the browser has
 * it (the continuation keeps its priority), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
