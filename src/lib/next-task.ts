/**
 * Resolves in a new task, so the browser may paint and handle input in between (work
 * split into tasks under 50 ms each is not blocking time). `scheduler.yield` where the browser has
 * it (the continuation keeps its priority), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` just after the next frame has painted (a task queued from requestAnimationFrame),
 * when the layout the paint needed is still valid: reading element boxes then costs nothing, where
 * reading them during a commit forces the browser to lay the whole page out an extra time inside
 * that task (total blocking time). Returns a cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
